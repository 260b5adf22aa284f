import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import S3rver from 's3rver';
import { makePng } from '../fixtures/documents.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { ignoreQueueErrorsFromNowOn, type Presigned } from '../fixtures/documents-flow.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { describeE2E } from '../helpers/browser.js';
import { freePort } from '../helpers/server.js';
import { TEST_TMP } from '../helpers/paths.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../server/storage/http-errors.server.js';
import { newUploadKey } from '../../platform/storage/document-keys.server.js';

/**
 * Fault test: the S3 object store (s3rver, a real S3 API server) stops in the middle of the day and
 * comes back on the same port and directory. Saves go on; everything that needs the store says so
 * with a 503; afterwards uploads, conversions and PDFs work again in the same app instance.
 * Runs on PGlite or PostgreSQL (DATABASE_URL); the PDF needs Chromium.
 */
const BUCKET = 'fa-fault-documents';
const UNAVAILABLE = { message: STORAGE_UNAVAILABLE_MESSAGE };

let port: number;
let directory: string;
let s3: S3rver;
let ctx: TestContext;
let server: Server;
let base: string;

async function startStore(): Promise<S3rver> {
  const store = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await store.run();
  return store;
}

async function call(method: string, path: string, user: TestUser | null, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(new URL(path, base), {
    method,
    headers: { ...(user ? { cookie: user.cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text so the assertion shows it
  }
  return { status: res.status, body: parsed };
}

/** The browser's multipart POST straight to the bucket; 0 when the connection itself fails. */
async function browserPost(presigned: Presigned, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  for (const [field, value] of Object.entries(presigned.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(presigned.url, { method: 'POST', body: form }).then(
    (res) => res.status,
    () => 0,
  );
}

async function presign(user: TestUser): Promise<Presigned> {
  const res = await call('POST', '/api/presigned-url', user, { answer_key: 'transcript' });
  expect(res.status).toBe(200);
  return res.body as Presigned;
}

const convert = (user: TestUser, key: string, name: string) =>
  call('POST', '/api/pdf/document-answer/transcript', user, { file_key: key, file_name: name });

async function until<T>(what: string, limitMs: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const conversionDone = (user: TestUser) =>
  until('the conversion', 60_000, async () => {
    const res = await call('GET', '/api/pdf/document-answer/transcript', user);
    return ['UNPROCESSED', 'IN_PROGRESS'].includes(res.body.status) ? null : res.body;
  });

/** GET /api/pdf like the island until it settles, then downloads the link it gives. */
async function settledPdf(user: TestUser): Promise<{ status: string; bytes: Buffer | null }> {
  const pdf = await until('the application PDF', 120_000, async () => {
    const res = await call('GET', '/api/pdf', user);
    expect(res.status).toBe(200);
    return ['UNPROCESSED', 'IN_PROGRESS'].includes(res.body.status) ? null : res.body;
  });
  if (pdf.status !== 'COMPLETED') return { status: pdf.status, bytes: null };
  const download = await fetch(new URL(pdf.url, base));
  expect(download.status).toBe(200);
  return { status: pdf.status, bytes: Buffer.from(await download.arrayBuffer()) };
}

async function savedAnswers(user: TestUser): Promise<Record<string, unknown>> {
  const row = await ctx.db.knex('applications').where({ user_id: user.id }).first();
  return (row?.answers ?? {}) as Record<string, unknown>;
}

beforeAll(async () => {
  port = await freePort();
  directory = mkdtempSync(join(TEST_TMP, 's3rver-fault-'));
  s3 = await startStore();
  await loadVikeBuild();
  ctx = await createTestApp({
    queue: 'workers',
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: '1',
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  server = ctx.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The renderer opens the staff view through PUBLIC_URL: point it at this server.
  ctx.config.publicUrl = base;
}, 120_000);

afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx?.queue);
  server?.close();
  await ctx?.close();
  await s3?.close().catch(() => undefined);
});

describeE2E('the object store goes away and comes back (s3rver stopped, then restarted)', () => {
  it('keeps saves working, answers 503 for everything needing the store, and recovers without a restart', async () => {
    // Before: one applicant has a finished PDF, one has uploaded a file not yet converted.
    const earlier = await createLoggedInUser(ctx);
    expect((await call('PUT', '/api/answer', earlier, COMPLETE_ANSWERS)).status).toBe(200);
    expect((await call('POST', '/api/submit', earlier)).status).toBe(200);
    const before = await settledPdf(earlier);
    expect(before.status).toBe('COMPLETED');
    const oldLink = (await call('GET', '/api/pdf', earlier)).body.url as string;

    const uploader = await createLoggedInUser(ctx);
    const uploaded = await presign(uploader);
    expect(await browserPost(uploaded, makePng(), 'scan.png')).toBe(204);
    const unused = await presign(uploader);

    const late = await createLoggedInUser(ctx);
    expect((await call('PUT', '/api/answer', late, COMPLETE_ANSWERS)).status).toBe(200);

    await s3.close();

    // Saves do not need the store. (`earlier` keeps its answers, so its PDF stays current.)
    const savers = [late, uploader, await createLoggedInUser(ctx)];
    for (const [i, user] of savers.entries()) {
      const res = await call('PUT', '/api/answer', user, { preferred_name: `during-${i}` });
      expect(res.status).toBe(200);
    }
    for (const [i, user] of savers.entries()) expect((await savedAnswers(user)).preferred_name).toBe(`during-${i}`);
    // Submitting is a save too; its PDF cannot be stored yet.
    expect((await call('POST', '/api/submit', late)).status).toBe(200);

    // Everything that needs the store: a clear 503, the same message, nothing else in the body.
    expect(await call('POST', '/api/presigned-url', uploader, { answer_key: 'transcript' })).toEqual({ status: 503, body: UNAVAILABLE });
    expect(await browserPost(unused, makePng(), 'scan.png')).toBe(0);
    expect(await convert(uploader, uploaded.fields.key!, 'scan.png')).toEqual({ status: 503, body: UNAVAILABLE });
    expect(await call('GET', '/api/pdf', earlier)).toEqual({ status: 503, body: UNAVAILABLE });
    expect(await call('GET', oldLink, null)).toEqual({ status: 503, body: UNAVAILABLE });
    const ready = await call('GET', '/readyz', null);
    expect(ready.status).toBe(503);
    expect(ready.body.checks.objectStore).toMatch(/^object store unreachable/);

    // The submission's render retries and gives up while the store is down; the applicant is told 503.
    await until(
      'the late PDF to give up',
      180_000,
      async () => (await ctx.db.knex('application_pdfs').where({ user_id: late.id }).first())?.status === 'FAILED',
    );
    expect(await call('GET', '/api/pdf', late)).toEqual({ status: 503, body: UNAVAILABLE });

    s3 = await startStore();

    // Back, in the same app: the store answers, the refused conversion and a new upload go through,
    // the old PDF downloads, the PDF that gave up is rendered again on request.
    expect((await call('GET', '/readyz', null)).body.checks.objectStore).toBe('ok');
    expect((await convert(uploader, uploaded.fields.key!, 'scan.png')).status).toBe(202);
    expect((await conversionDone(uploader)).status).toBe('COMPLETED');
    const fresh = await presign(uploader);
    expect(await browserPost(fresh, makePng(32, 32), 'scan-2.png')).toBe(204);
    expect((await convert(uploader, fresh.fields.key!, 'scan-2.png')).status).toBe(202);
    expect((await conversionDone(uploader)).status).toBe('COMPLETED');

    for (const user of [earlier, late]) {
      const pdf = await settledPdf(user);
      expect(pdf.status).toBe('COMPLETED');
      expect(pdf.bytes!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    for (const [i, user] of savers.entries()) expect((await savedAnswers(user)).preferred_name).toBe(`during-${i}`);
  }, 420_000);

  it('answers 503 when the store accepts connections but never answers (a hung store), instead of hanging', async () => {
    // A socket that swallows the request: the SDK's requestTimeout alone only warned, holding requests forever.
    const sockets: Socket[] = [];
    const hung = createServer((socket) => {
      sockets.push(socket);
      socket.on('data', () => undefined);
    });
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', () => r()));
    const other = await createTestApp({
      queue: 'send-only',
      env: {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
        S3_FORCE_PATH_STYLE: '1',
        S3_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    const listening = other.app.listen(0, '127.0.0.1');
    await new Promise((r) => listening.once('listening', r));
    const savedBase = base;
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    try {
      const someone = await createLoggedInUser(other);
      const key = newUploadKey(someone.id, 'transcript');
      const results = await Promise.all([
        call('POST', '/api/presigned-url', someone, { answer_key: 'transcript' }),
        convert(someone, key, 'scan.png'),
        call('GET', '/api/pdf', someone),
      ]);
      expect(results).toEqual(results.map(() => ({ status: 503, body: UNAVAILABLE })));
      expect((await call('GET', '/readyz', null)).status).toBe(503);
    } finally {
      base = savedBase;
      listening.close();
      for (const socket of sockets) socket.destroy();
      hung.close();
      ignoreQueueErrorsFromNowOn(other.queue);
      await other.close();
    }
  }, 60_000);
});
