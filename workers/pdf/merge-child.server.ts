// A warm merge process (ADR 0060, docs/decisions/0194-one-print-document-and-warm-merge.md): started by
// MergePool, it puts application PDFs together one request at a time for as long as the pool keeps it
// (a number of merges, an idle while), then exits. pdf-lib parses every stored document here, under the
// heap and memory caps of spawnIsolated, never on the event loop of a web process.
import { mergeApplicationPdf } from './merge-application.server.js';
import type { MergeReply, MergeRequest } from './merge-pool.server.js';

function send(message: MergeReply): void {
  process.send!(message);
}

process.on('message', (request: MergeRequest) => {
  mergeApplicationPdf(request.input).then(
    ({ pdf, pageCount }) => send({ kind: 'merged', id: request.id, pdf, pageCount }),
    (err: unknown) => send({ kind: 'error', id: request.id, message: String((err as Error)?.message ?? err) }),
  );
});
// The pool let go of this process, or the worker died: nothing is left to do.
process.on('disconnect', () => process.exit(0));
send({ kind: 'ready' });
