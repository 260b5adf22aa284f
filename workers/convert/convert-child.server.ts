// The conversion process (ADR 0060): started by convertIsolated for one upload, converts it and exits
// (the application PDF's merge has warm processes of its own: workers/pdf/merge-child.server.ts). Decoding images and parsing PDFs happen here, under a heap and address-space cap, never on the event
// loop of a web process (with WORKER=inline jobs run inside the web process).
import { convertToPdf } from './convert.server.js';
import { ConversionRejected, ConversionTimedOut } from './detect-type.server.js';
import type { ChildReply, ChildRequest } from './isolated.server.js';

function reply(message: ChildReply): void {
  process.send!(message, undefined, undefined, () => process.exit(0));
}

function run(request: ChildRequest): Promise<ChildReply> {
  return convertToPdf(Buffer.from(request.bytes), request.soffice).then(({ type, pdf }) => ({ kind: 'converted', type, pdf }));
}

process.once('message', (request: ChildRequest) => {
  run(request).then(reply, (err: unknown) =>
    reply(
      err instanceof ConversionRejected
        ? { kind: 'rejected', message: err.message, timedOut: err instanceof ConversionTimedOut }
        : { kind: 'error', message: String((err as Error)?.message ?? err) },
    ),
  );
});
process.on('disconnect', () => process.exit(0));
process.send!({ kind: 'ready' } satisfies ChildReply);
