import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FILE_MAX_BYTES, FILE_MESSAGES } from '../../form/documents.js';
import { makePng } from '../fixtures/documents.js';
import { createUserWithSession, type TestUser } from '../helpers/users.js';
import { presign, startConversion, uploadTo, ignoreQueueErrorsFromNowOn } from '../fixtures/documents-flow.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { fileQuestionKeys } from '../../form/document-keys.js';

// 'transcript' is the form definition's document question (Education, under a tab).
it('uses a real file question of the form definition', () => expect(fileQuestionKeys()).toContain('transcript'));

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

describe('presigned upload to the embedded store', () => {
  it('needs a session', async () => {
    const res = await request(ctx.app).post('/api/presigned-url').send({ answer_key: 'transcript' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your session is invalid. Please clear your cookies and login again.');
  });

  it('accepts only file questions of the form', async () => {
    for (const answer_key of ['first_name', '../etc', 42, undefined]) {
      const res = await request(ctx.app).post('/api/presigned-url').set('Cookie', alice.cookie).send({ answer_key });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This question does not take a file.');
    }
  });

  it("binds the key to the user's prefix and the question", async () => {
    const { url, fields } = await presign(ctx.app, alice.cookie, 'transcript');
    expect(url).toBe('/local-store/upload');
    expect(fields.key).toMatch(new RegExp(`^users/${alice.id}/transcript/[A-Za-z0-9_-]{32}$`));
    expect(Object.keys(fields).sort()).toEqual(['key', 'policy', 'signature']);
  });

  it('rejects a forged signature', async () => {
    const presigned = await presign(ctx.app, alice.cookie, 'transcript');
    const forged = { ...presigned.fields, signature: presigned.fields.signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) };
    const res = await uploadTo(ctx.app, presigned, makePng(), 'a.png', forged);
    expect(res.status).toBe(403);
    expect(await ctx.services.storage!.head(presigned.fields.key!)).toBeNull();
  });

  it('rejects a policy edited to allow more bytes', async () => {
    const presigned = await presign(ctx.app, alice.cookie, 'transcript');
    const policy = JSON.parse(Buffer.from(presigned.fields.policy!, 'base64url').toString());
    policy.conditions[1][2] = 50 * FILE_MAX_BYTES;
    const edited = { ...presigned.fields, policy: Buffer.from(JSON.stringify(policy)).toString('base64url') };
    expect((await uploadTo(ctx.app, presigned, makePng(), 'a.png', edited)).status).toBe(403);
  });

  it('rejects an expired policy', async () => {
    const presigned = await presign(ctx.app, alice.cookie, 'transcript');
    ctx.clock.advance(301_000);
    try {
      const res = await uploadTo(ctx.app, presigned, makePng(), 'a.png');
      expect(res.status).toBe(403);
    } finally {
      ctx.clock.advance(-301_000);
    }
  });

  it("rejects another user's key under a valid policy", async () => {
    const mine = await presign(ctx.app, bob.cookie, 'transcript');
    const theirs = await presign(ctx.app, alice.cookie, 'transcript');
    const res = await uploadTo(ctx.app, mine, makePng(), 'a.png', { ...mine.fields, key: theirs.fields.key! });
    expect(res.status).toBe(403);
    expect(await ctx.services.storage!.head(theirs.fields.key!)).toBeNull();
  });

  it('rejects a file of 1,048,577 bytes and accepts one of exactly 1 MB', async () => {
    const presigned = await presign(ctx.app, alice.cookie, 'transcript');
    const tooBig = await uploadTo(ctx.app, presigned, Buffer.alloc(FILE_MAX_BYTES + 1, 1), 'big.pdf');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(FILE_MESSAGES.tooLarge);
    expect(await ctx.services.storage!.head(presigned.fields.key!)).toBeNull();
    const exact = await uploadTo(ctx.app, presigned, Buffer.alloc(FILE_MAX_BYTES, 1), 'max.pdf');
    expect(exact.status).toBe(204);
  });

  it('rejects an empty file', async () => {
    const presigned = await presign(ctx.app, alice.cookie, 'transcript');
    const res = await uploadTo(ctx.app, presigned, Buffer.alloc(0), 'empty.pdf');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(FILE_MESSAGES.empty);
  });

  it('rejects policy fields sent after the file', async () => {
    const presigned = await presign(ctx.app, alice.cookie, 'transcript');
    const res = await request(ctx.app).post(presigned.url).attach('file', makePng(), 'a.png').field('key', presigned.fields.key!);
    expect(res.status).toBe(403);
  });

  it('answers a body that is not multipart with 400 JSON', async () => {
    const res = await request(ctx.app).post('/local-store/upload').set('Content-Type', 'multipart/form-data; boundary=x').send('garbage');
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses an upload posted from another site', async () => {
    const presigned = await presign(ctx.app, alice.cookie, 'transcript');
    const res = await uploadTo(ctx.app, presigned, makePng(), 'a.png').set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
  });
});

describe('abuse limits', () => {
  it('caps presigns per applicant (429 with Retry-After) without affecting others', async () => {
    const { PRESIGN_LIMIT } = await import('../../server/documents/documents.server.js');
    const busy = await createUserWithSession(ctx.db.knex, ctx.clock.now);
    for (let i = 0; i < PRESIGN_LIMIT.max; i++) await presign(ctx.app, busy.cookie, 'transcript');
    const refused = await request(ctx.app).post('/api/presigned-url').set('Cookie', busy.cookie).send({ answer_key: 'transcript' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^Too many uploads/);
    // Another applicant is not affected.
    expect((await request(ctx.app).post('/api/presigned-url').set('Cookie', alice.cookie).send({ answer_key: 'transcript' })).status).toBe(
      200,
    );
  });
});

describe('an embedded store that cannot be used', () => {
  it('answers 503 with a clear message and /readyz says so', async () => {
    const other = await createTestApp({ queue: 'send-only' });
    try {
      const someone = await createUserWithSession(other.db.knex, other.clock.now);
      const presigned = await presign(other.app, someone.cookie, 'transcript');
      // A file where the objects folder should be: every file operation fails.
      rmSync(join(other.config.dataDir, 'objects'), { recursive: true, force: true });
      writeFileSync(join(other.config.dataDir, 'objects'), 'not a folder');
      const refused = await request(other.app).post('/api/presigned-url').set('Cookie', someone.cookie).send({ answer_key: 'transcript' });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: 'File storage is not available at the moment. Please try again in a few minutes.' });
      const upload = await uploadTo(other.app, presigned, makePng(), 'a.png');
      expect(upload.status).toBe(503);
      const start = await startConversion(other.app, someone.cookie, 'transcript', presigned.fields.key!, 'a.png');
      expect(start.status).toBe(503);
      expect(start.body.message).toBe('File storage is not available at the moment. Please try again in a few minutes.');
      const ready = await request(other.app).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.objectStore).toMatch(/^object store unreachable/);
    } finally {
      ignoreQueueErrorsFromNowOn(other.queue);
      await other.close();
    }
  });
});
