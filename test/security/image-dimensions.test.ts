import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUserWithSession, type TestUser } from '../helpers/users.js';
import { ignoreQueueErrorsFromNowOn, presign, startConversion, uploadTo } from '../fixtures/documents-flow.js';
import { makeBilevelPng } from '../fixtures/hostile-documents.js';
import { makePng } from '../fixtures/documents.js';
import { convertIsolated } from '../../workers/convert/isolated.server.js';
import { TOO_MUCH_MEMORY_MESSAGE } from '../../workers/convert/detect-type.server.js';
import { Document, ImageRun, Packer, Paragraph } from 'docx';
import { imageTooLargeMessage, MAX_IMAGE_PIXELS, pictureInDocumentTooLargeMessage } from '../../workers/convert/image-limit.server.js';

/**
 * Issue 13, item 2: a 49 KB PNG of 20000 × 20000 pixels was decoded whole on the web process's event
 * loop (WORKER=inline, the default): GET /healthz waited 21 s. The size is now read from the header
 * and refused above the limit, and every conversion runs in a process of its own, so the web process
 * answers promptly while any document converts. This suite runs jobs inline, as the default does.
 */
/**
 * Decoding off the event loop shows as health answers *during* the conversion: decoded on the loop, the
 * first probe would wait for the whole decode and see the conversion already ended. Counted, not timed
 * (tests assert no wall-clock bound; the slowest answer is printed).
 */
const PROBES_DURING_A_DECODE = 10;
// Health probes answered while the document's status was IN_PROGRESS count; the wait for the job does not.

let ctx: TestContext;
let server: Server;
let base = '';
let user: TestUser;
let bomb: Buffer;
let atLimit: Buffer;

beforeAll(async () => {
  ctx = await createTestApp({ queue: 'workers' });
  server = ctx.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  user = await createUserWithSession(ctx.db.knex, ctx.clock.now);
  bomb = await makeBilevelPng(20_000, 20_000);
  atLimit = await makeBilevelPng(5000, 5000);
  // The first requests compile routes and open the connection: measured is the conversion, not a cold start.
  for (let i = 0; i < 3; i++) {
    await fetch(`${base}/healthz`);
    await fetch(`${base}/api/pdf/document-answer/transcript`, { headers: { Cookie: user.cookie } });
  }
});
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx?.queue);
  server?.close();
  await ctx?.close();
});

/**
 * Uploads and converts `bytes` while GET /healthz is asked again and again; returns the final status
 * and the slowest health answer seen from the start of the conversion to its end.
 */
async function convertWhileProbing(
  bytes: Buffer,
  name: string,
): Promise<{ status: string; message: string; slowestMs: number; probes: number; probesInProgress: number }> {
  const presigned = await presign(ctx.app, user.cookie, 'transcript');
  expect((await uploadTo(ctx.app, presigned, bytes, name)).status).toBe(204);
  expect((await startConversion(ctx.app, user.cookie, 'transcript', presigned.fields.key!, name)).status).toBe(202);
  let slowestMs = 0;
  let probes = 0;
  let probesInProgress = 0;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const started = performance.now();
    const health = await fetch(`${base}/healthz`);
    const elapsed = performance.now() - started;
    expect(health.status).toBe(200);
    slowestMs = Math.max(slowestMs, elapsed);
    probes += 1;
    const poll = await fetch(`${base}/api/pdf/document-answer/transcript`, { headers: { Cookie: user.cookie } });
    const body = (await poll.json()) as { status: string; message: string };
    if (body.status === 'IN_PROGRESS') probesInProgress += 1;
    if (body.status !== 'UNPROCESSED' && body.status !== 'IN_PROGRESS') {
      console.log(
        `${name}: ${body.status} after ${probes} /healthz probes (${probesInProgress} while converting), slowest ${Math.round(slowestMs)} ms`,
      );
      return { ...body, slowestMs, probes, probesInProgress };
    }
    if (Date.now() > deadline) throw new Error(`still ${body.status}`);
  }
}

describe('an image is judged by its header before anything decodes it', () => {
  it('the 49 KB PNG of 20000 × 20000 pixels ends FAILED with the pixel limit in the message; /healthz stays prompt', async () => {
    expect(bomb.length).toBeLessThan(60_000);
    const result = await convertWhileProbing(bomb, 'bomb.png');
    expect(result.status).toBe('FAILED');
    expect(result.message).toBe(imageTooLargeMessage(20_000, 20_000));
    expect(result.message).toContain('25 megapixels');
    expect(result.probes).toBeGreaterThan(0);
  });

  it('an image at the limit (5000 × 5000, decoded whole) converts while /healthz stays prompt: decoding is off the event loop', async () => {
    expect(5000 * 5000).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
    const result = await convertWhileProbing(atLimit, 'large.png');
    expect(result.status).toBe('COMPLETED');
    expect(result.probesInProgress).toBeGreaterThanOrEqual(PROBES_DURING_A_DECODE);
  });

  it('a Word document holding the same PNG as a picture ends FAILED at once (LibreOffice spent 30 s on it)', async () => {
    const picture = new ImageRun({ type: 'png', data: bomb, transformation: { width: 300, height: 300 } });
    const docx = Buffer.from(await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph({ children: [picture] })] }] })));
    const result = await convertWhileProbing(docx, 'letter.docx');
    expect(result).toMatchObject({ status: 'FAILED', message: pictureInDocumentTooLargeMessage(20_000, 20_000) });
  });

  it('one pixel over the limit is refused, an ordinary photo-sized image is not', async () => {
    const over = await convertWhileProbing(await makeBilevelPng(5000, 5001), 'over.png');
    expect(over).toMatchObject({ status: 'FAILED', message: imageTooLargeMessage(5000, 5001) });
    expect((await convertWhileProbing(makePng(640, 480), 'photo.png')).status).toBe('COMPLETED');
  });
});

/**
 * The private writable memory a bare Node process of this runtime holds as it starts (VmData): Node 20 about 48 MB,
 * Node 24 about 570 MB, nearly all of it address space V8 reserves and never touches (its code range), which the
 * data limit counts all the same: Node 24 does not start under a 512 MB limit.
 */
function startupDataBytes(): number {
  const kb = execFileSync(
    process.execPath,
    ['-e', "process.stdout.write(/VmData:\\s+(\\d+)/.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1])"],
    { encoding: 'utf8' },
  );
  return Number(kb) * 1024;
}

describe('the conversion process has a memory cap', () => {
  it('with 192 MB over what Node takes to start, the 5000 × 5000 PNG (which converts under the real caps, above) is refused for memory, and this process goes on', async () => {
    const dataBytes = startupDataBytes() + 192 * 1024 * 1024;
    const capped = convertIsolated(atLimit, { sofficePath: null, timeoutMs: 30_000, tag: 'cap' }, { heapMb: 512, dataBytes });
    await expect(capped).rejects.toThrow(TOO_MUCH_MEMORY_MESSAGE);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
