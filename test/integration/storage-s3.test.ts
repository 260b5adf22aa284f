import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import S3rver from 's3rver';
import { FILE_MAX_BYTES, FILE_MESSAGES } from '../../form/documents.js';
import { makeDocx, makePng } from '../fixtures/documents.js';
import { createUserWithSession, type TestUser } from '../helpers/users.js';
import { presign, startConversion, waitForFinalStatus, type Presigned, ignoreQueueErrorsFromNowOn } from '../fixtures/documents-flow.js';
import { freePort } from '../helpers/server.js';
import { TEST_TMP } from '../helpers/paths.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { newUploadKey, outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../server/storage/http-errors.server.js';

const BUCKET = 'fa-documents';
let s3: S3rver;
let endpoint: string;
let ctx: TestContext;
let user: TestUser;

function s3Env(url: string): Record<string, string> {
  return {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: url,
    S3_FORCE_PATH_STYLE: '1',
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

/** The browser's multipart POST straight to the bucket: every field, then the file. */
async function browserPost(presigned: Presigned, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  for (const [field, value] of Object.entries(presigned.fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(presigned.url, { method: 'POST', body: form });
  return res.status;
}

beforeAll(async () => {
  const port = await freePort();
  endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(TEST_TMP, 's3rver-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
  ctx = await createTestApp({ queue: 'workers', env: s3Env(endpoint) });
  user = await createUserWithSession(ctx.db.knex, ctx.clock.now);
});
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx?.queue);
  await ctx?.close();
  await s3?.close();
});

describe('S3 object store through the SDK (s3rver)', () => {
  it('presigns a POST bound to one key, 1..1048576 bytes and a short expiry', async () => {
    const presigned = await presign(ctx.app, user.cookie, 'transcript');
    expect(presigned.url).toBe(`${endpoint}/${BUCKET}`);
    expect(presigned.fields.key).toMatch(new RegExp(`^users/${user.id}/transcript/`));
    const policy = JSON.parse(Buffer.from(presigned.fields.Policy!, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, FILE_MAX_BYTES],
        ['eq', '$key', presigned.fields.key],
        { key: presigned.fields.key },
      ]),
    );
    const expiresIn = Date.parse(policy.expiration) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(300_000);
  });

  it('runs the whole flow: presign → browser POST → conversion → COMPLETED', async () => {
    for (const [bytes, name] of [
      [makePng(), 'scan.png'],
      [await makeDocx(), 'letter.docx'],
    ] as const) {
      const presigned = await presign(ctx.app, user.cookie, 'transcript');
      expect(await browserPost(presigned, bytes, name)).toBe(204);
      const start = await startConversion(ctx.app, user.cookie, 'transcript', presigned.fields.key!, name);
      expect(start.status).toBe(202);
      expect(await waitForFinalStatus(ctx.app, user.cookie, 'transcript')).toEqual({
        status: 'COMPLETED',
        message: 'Your file was converted to PDF.',
      });
      const pdf = await ctx.services.storage!.get(outputKeyFor(user.id, 'transcript', presigned.fields.key!));
      expect(pdf!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('checks the size itself, because s3rver enforces nothing of the policy', async () => {
    const presigned = await presign(ctx.app, user.cookie, 'transcript');
    expect(await browserPost(presigned, Buffer.alloc(FILE_MAX_BYTES + 1, 7), 'big.pdf')).toBe(204);
    const start = await startConversion(ctx.app, user.cookie, 'transcript', presigned.fields.key!, 'big.pdf');
    expect(start.status).toBe(413);
    expect(start.body.message).toBe(FILE_MESSAGES.tooLarge);
  });

  it('streams downloads from the bucket as attachments', async () => {
    const key = `converted/${user.id}/transcript/manual.pdf`;
    await ctx.services.storage!.put(key, Buffer.from('%PDF-1.4 test'), 'application/pdf');
    const res = await request(ctx.app).get(await ctx.services.storage!.signedDownloadUrl(key, 'manual.pdf'));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?manual\.pdf"?$/);
  });

  it('/readyz says the store answers', async () => {
    const res = await request(ctx.app).get('/readyz');
    expect(res.body.checks.objectStore).toBe('ok');
  });
});

describe('an unreachable object store', () => {
  it('gives 503 with a clear message, and /readyz reports it', async () => {
    const deadPort = await freePort();
    const other = await createTestApp({ queue: 'send-only', env: s3Env(`http://127.0.0.1:${deadPort}`) });
    try {
      const someone = await createUserWithSession(other.db.knex, other.clock.now);
      // No upload authorisation the store could not take (the policy is signed here, without the store).
      const refused = await request(other.app).post('/api/presigned-url').set('Cookie', someone.cookie).send({ answer_key: 'transcript' });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE });
      const start = await startConversion(other.app, someone.cookie, 'transcript', newUploadKey(someone.id, 'transcript'), 'a.png');
      expect(start.status).toBe(503);
      expect(start.body).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE });
      const ready = await request(other.app).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.objectStore).toMatch(/^object store unreachable/);
    } finally {
      ignoreQueueErrorsFromNowOn(other.queue);
      await other.close();
    }
  });
});
