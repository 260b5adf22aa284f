import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { FILE_MAX_BYTES, FILE_MESSAGES } from '../../form/documents.js';
import { makeDocx, makeDocxZipBomb, makeExe, makeJpeg, makePdf, makePng } from '../fixtures/documents.js';
import { createUserWithSession, type TestUser } from '../helpers/users.js';
import {
  pollOnce,
  presign,
  startConversion,
  uploadTo,
  waitForFinalStatus,
  ignoreQueueErrorsFromNowOn,
} from '../fixtures/documents-flow.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { outputKeyFor } from '../../platform/storage/document-keys.server.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ queue: 'workers' });
  alice = await createUserWithSession(ctx.db.knex, ctx.clock.now);
  bob = await createUserWithSession(ctx.db.knex, ctx.clock.now);
});
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx.queue);
  await ctx.close();
});

async function uploadAndConvert(user: TestUser, key: string, bytes: Buffer, name: string) {
  const presigned = await presign(ctx.app, user.cookie, key);
  const upload = await uploadTo(ctx.app, presigned, bytes, name);
  expect(upload.status).toBe(204);
  const start = await startConversion(ctx.app, user.cookie, key, presigned.fields.key!, name);
  expect(start.status).toBe(202);
  return { fileKey: presigned.fields.key!, start: start.body, final: await waitForFinalStatus(ctx.app, user.cookie, key) };
}

describe('conversion (§4)', () => {
  it.each([
    ['png', makePng(), 'scan.png'],
    ['jpg', makeJpeg(), 'photo.jpg'],
  ])('converts a %s and reports COMPLETED', async (_t, bytes, name) => {
    const { start, final, fileKey } = await uploadAndConvert(alice, 'transcript', bytes, name);
    expect(start.status).toBe('UNPROCESSED');
    expect(final).toEqual({ status: 'COMPLETED', message: 'Your file was converted to PDF.' });
    const pdf = await ctx.services.storage!.get(outputKeyFor(alice.id, 'transcript', fileKey));
    expect(pdf!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const list = await request(ctx.app).get('/api/document-answer').set('Cookie', alice.cookie);
    expect(list.body.transcript).toEqual({ file_name: name, file_size: bytes.length, status: 'COMPLETED' });
  });

  it('converts a pdf and a docx', async () => {
    expect((await uploadAndConvert(alice, 'transcript', await makePdf(2), 'transcript.pdf')).final.status).toBe('COMPLETED');
    expect((await uploadAndConvert(alice, 'transcript', await makeDocx(), 'letter.docx')).final.status).toBe('COMPLETED');
  });

  it('ends FAILED, never COMPLETED, for an .exe renamed .pdf', async () => {
    const { final } = await uploadAndConvert(alice, 'transcript', makeExe(), 'transcript.pdf');
    expect(final).toEqual({ status: 'FAILED', message: FILE_MESSAGES.wrongType });
  });

  it('ends FAILED for a docx zip bomb', async () => {
    const { final } = await uploadAndConvert(alice, 'transcript', makeDocxZipBomb(100), 'bomb.docx');
    expect(final.status).toBe('FAILED');
    expect(final.message).toMatch(/could not be read/);
  });

  it('is idempotent: starting the same upload twice queues one conversion', async () => {
    const presigned = await presign(ctx.app, alice.cookie, 'transcript');
    await uploadTo(ctx.app, presigned, makePng(), 'a.png');
    const first = await startConversion(ctx.app, alice.cookie, 'transcript', presigned.fields.key!, 'a.png');
    const second = await startConversion(ctx.app, alice.cookie, 'transcript', presigned.fields.key!, 'a.png');
    expect([first.status, second.status]).toEqual([202, 202]);
    await waitForFinalStatus(ctx.app, alice.cookie, 'transcript');
    const jobs = await ctx.db.knex.raw(
      "select count(*)::int as n from pgboss.job where name = 'convert-document' and data->>'fileKey' = ?",
      [presigned.fields.key!],
    );
    expect(jobs.rows[0].n).toBe(1);
  });

  it('replacing an upload deletes the previous objects', async () => {
    const first = await uploadAndConvert(alice, 'transcript', makePng(), 'one.png');
    const second = await uploadAndConvert(alice, 'transcript', makeJpeg(), 'two.jpg');
    expect(second.final.status).toBe('COMPLETED');
    const store = ctx.services.storage!;
    expect(await store.head(first.fileKey)).toBeNull();
    expect(await store.head(outputKeyFor(alice.id, 'transcript', first.fileKey))).toBeNull();
    expect(await store.head(second.fileKey)).not.toBeNull();
  });

  it('checks the object before queueing: missing, empty and oversize uploads', async () => {
    const never = await presign(ctx.app, alice.cookie, 'transcript');
    const missing = await startConversion(ctx.app, alice.cookie, 'transcript', never.fields.key!, 'a.png');
    expect(missing.status).toBe(400);
    const store = ctx.services.storage!;
    await store.put(never.fields.key!, Buffer.alloc(0), 'application/pdf');
    expect((await startConversion(ctx.app, alice.cookie, 'transcript', never.fields.key!, 'a.pdf')).body.message).toBe(FILE_MESSAGES.empty);
    // A store that enforces nothing (s3rver, a misconfigured bucket) may hold more than the policy allowed.
    await store.put(never.fields.key!, Buffer.alloc(FILE_MAX_BYTES + 1, 1), 'application/pdf');
    const big = await startConversion(ctx.app, alice.cookie, 'transcript', never.fields.key!, 'a.pdf');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(FILE_MESSAGES.tooLarge);
    expect(await store.head(never.fields.key!)).toBeNull();
  });

  it('checks the name: allowed extension, at most 32 characters, no path', async () => {
    const presigned = await presign(ctx.app, alice.cookie, 'transcript');
    await uploadTo(ctx.app, presigned, makePng(), 'a.png');
    const exe = await startConversion(ctx.app, alice.cookie, 'transcript', presigned.fields.key!, 'setup.exe');
    expect(exe.body.message).toBe(FILE_MESSAGES.wrongType);
    const long = await startConversion(ctx.app, alice.cookie, 'transcript', presigned.fields.key!, `${'a'.repeat(29)}.png`);
    expect(long.status).toBe(400);
    const bad = await request(ctx.app).post('/api/pdf/document-answer/transcript').set('Cookie', alice.cookie).send({ file_key: 1 });
    expect(bad.status).toBe(400);
    // A NUL byte is refused at the door (issue 23 finding 10); a path is cut down to the file's own name.
    const nul = await startConversion(ctx.app, alice.cookie, 'transcript', presigned.fields.key!, 'scan\u0000.png');
    expect(nul.status).toBe(400);
    const path = await startConversion(ctx.app, alice.cookie, 'transcript', presigned.fields.key!, '../../etc/scan.png');
    expect(path.status).toBe(202);
    await waitForFinalStatus(ctx.app, alice.cookie, 'transcript');
    const list = await request(ctx.app).get('/api/document-answer').set('Cookie', alice.cookie);
    expect(list.body.transcript.file_name).toBe('scan.png');
  });

  it('DELETE /api/pdf/document-answer/{key} deletes the conversion, DELETE /api/document-answer/{key} the answer', async () => {
    const { fileKey } = await uploadAndConvert(alice, 'transcript', makePng(), 'rec.png');
    const store = ctx.services.storage!;
    const delPdf = await request(ctx.app).delete('/api/pdf/document-answer/transcript').set('Cookie', alice.cookie);
    expect(delPdf.status).toBe(200);
    expect((await pollOnce(ctx.app, alice.cookie, 'transcript')).body.status).toBe('NOT_ANSWERED');
    expect(await store.head(outputKeyFor(alice.id, 'transcript', fileKey))).toBeNull();
    const delAnswer = await request(ctx.app).delete('/api/document-answer/transcript').set('Cookie', alice.cookie);
    expect(delAnswer.status).toBe(200);
    const list = await request(ctx.app).get('/api/document-answer').set('Cookie', alice.cookie);
    expect(list.body.transcript).toBeUndefined();
    expect(await store.head(fileKey)).toBeNull();
  });
});

describe("one applicant can never touch another's documents", () => {
  it('B cannot start, read, poll or delete A’s documents, nor presign into A’s prefix', async () => {
    const a = await uploadAndConvert(alice, 'transcript', makePng(), 'alice.png');
    expect(a.final.status).toBe('COMPLETED');

    const bPresign = await presign(ctx.app, bob.cookie, 'transcript');
    expect(bPresign.fields.key!.startsWith(`users/${bob.id}/`)).toBe(true);

    const start = await startConversion(ctx.app, bob.cookie, 'transcript', a.fileKey, 'stolen.png');
    expect(start.status).toBe(403);
    expect((await pollOnce(ctx.app, bob.cookie, 'transcript')).body.status).toBe('NOT_ANSWERED');
    expect((await request(ctx.app).get('/api/document-answer').set('Cookie', bob.cookie)).body).toEqual({});
    await request(ctx.app).delete('/api/pdf/document-answer/transcript').set('Cookie', bob.cookie).expect(200);
    await request(ctx.app).delete('/api/document-answer/transcript').set('Cookie', bob.cookie).expect(200);

    expect((await pollOnce(ctx.app, alice.cookie, 'transcript')).body.status).toBe('COMPLETED');
    const store = ctx.services.storage!;
    expect(await store.head(a.fileKey)).not.toBeNull();
    expect(await store.head(outputKeyFor(alice.id, 'transcript', a.fileKey))).not.toBeNull();
  });

  it('every document call needs a session', async () => {
    const calls = [
      request(ctx.app).get('/api/document-answer'),
      request(ctx.app).get('/api/pdf/document-answer/transcript'),
      request(ctx.app).post('/api/pdf/document-answer/transcript').send({}),
      request(ctx.app).delete('/api/pdf/document-answer/transcript'),
      request(ctx.app).delete('/api/document-answer/transcript'),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });
});

describe('downloads', () => {
  it('serve a converted PDF as an attachment through a signed, expiring link', async () => {
    const { fileKey } = await uploadAndConvert(alice, 'transcript', makePng(), 'dl.png');
    const url = await ctx.services.storage!.signedDownloadUrl(outputKeyFor(alice.id, 'transcript', fileKey), 'dl "quoted".pdf');
    const res = await request(ctx.app).get(url).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(res.headers['content-type']).toBe('application/pdf');
    const tampered = url.replace(/key=[^&]+/, `key=${encodeURIComponent(fileKey)}`);
    expect((await request(ctx.app).get(tampered)).status).toBe(403);
    ctx.clock.advance(301_000);
    try {
      expect((await request(ctx.app).get(url)).status).toBe(403);
    } finally {
      ctx.clock.advance(-301_000);
    }
  });
});
