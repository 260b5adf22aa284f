import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import S3rver from 's3rver';
import yauzl from 'yauzl';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { freePort } from '../helpers/server.js';
import { TEST_TMP } from '../helpers/paths.js';
import { ACCOUNT_DATA_PATH, ACCOUNT_DELETE_PATH } from '../../contracts/account.js';
import { fullApplicant, PASSWORD, rowsOf } from './account-data-helpers.js';

/**
 * Issue 27, retention and deletion: an applicant deletes an unsubmitted application with the account (nothing of
 * it is left in any table or the store, on the embedded store and on S3), downloads everything as a ZIP, and the
 * retention job warns, then deletes, idle unsubmitted accounts while keeping submitted ones for their period.
 */
const BUCKET = 'fa-retention';

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStreamPromise(entry).then(async (stream) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        files.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      }, reject);
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}

const asBuffer = (r: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('end', () => done(null, Buffer.concat(chunks)));
};

let s3: S3rver;
let s3Env: Record<string, string>;

beforeAll(async () => {
  const port = await freePort();
  s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(TEST_TMP, 's3rver-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
  s3Env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: '1',
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
});
afterAll(async () => {
  await s3?.close();
});

describe.each(['embedded', 'S3'] as const)('the applicant’s own data, %s store', (store) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: store === 'S3' ? s3Env : {} });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const post = (cookie: string, password: string) =>
    request(ctx.app).post(ACCOUNT_DELETE_PATH).set('Cookie', cookie).set('Origin', ctx.config.publicUrl).type('form').send({ password });

  it('downloads every answer and document as a ZIP, audited', async () => {
    const user = await fullApplicant(ctx);
    const res = await request(ctx.app).get(ACCOUNT_DATA_PATH).set('Cookie', user.cookie).buffer(true).parse(asBuffer);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = await unzip(res.body as Buffer);
    const data = JSON.parse(files.get('data.json')!.toString('utf8'));
    expect(data.account.username).toBe(user.username);
    expect(data.application.answers).toEqual({ first_name: 'Ada', last_name: 'Byron' });
    expect(data.documents).toEqual([
      expect.objectContaining({
        answer_key: 'transcript',
        file_name: 'My transcript.pdf',
        files: ['documents/transcript/My-transcript.pdf', 'documents/transcript/converted.pdf'],
      }),
    ]);
    expect(files.get('documents/transcript/My-transcript.pdf')).toEqual(user.upload);
    expect(files.get('documents/transcript/converted.pdf')).toEqual(user.upload);
    expect(files.get('application.pdf')?.toString()).toBe('%PDF-1.7 application');
    expect(await ctx.db.knex('staff_audit').where({ action: 'applicant-download', user_id: user.id }).select('staff_email')).toEqual([
      { staff_email: 'applicant:self' },
    ]);
    // Someone else's session downloads only their own data.
    const other = await createLoggedInUser(ctx);
    const theirs = await request(ctx.app).get(ACCOUNT_DATA_PATH).set('Cookie', other.cookie).buffer(true).parse(asBuffer);
    const theirFiles = await unzip(theirs.body as Buffer);
    expect([...theirFiles.keys()]).toEqual(['data.json']);
    expect((await request(ctx.app).get(ACCOUNT_DATA_PATH)).status).toBe(401);
  });

  it('deletes an unsubmitted application and account with the password, leaving no row or object of it', async () => {
    const user = await fullApplicant(ctx);
    const bystander = await fullApplicant(ctx);
    const store = ctx.services.storage;
    expect(await rowsOf(ctx, user.id)).not.toEqual([]);
    expect(await store.list(`users/${user.id}/`)).toHaveLength(2);

    const wrong = await post(user.cookie, 'not the password');
    expect(wrong.status).toBe(303);
    expect(wrong.headers.location).toBe('/your-data#your-data');
    expect(await ctx.db.knex('users').where({ id: user.id }).first()).toBeDefined();

    const done = await post(user.cookie, PASSWORD);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/login');
    expect(await rowsOf(ctx, user.id)).toEqual([]);
    expect(await store.list(`users/${user.id}/`)).toEqual([]);
    expect(await store.list(`converted/${user.id}/`)).toEqual([]);
    const audit = await ctx.db.knex('staff_audit').where({ action: 'applicant-delete' }).orderBy('id', 'desc').first();
    expect(audit.user_id).toBeNull();
    expect(JSON.stringify(audit)).not.toContain(user.username);
    expect(JSON.stringify(audit)).not.toContain(user.id);
    // The session is gone with the account; the bystander keeps everything.
    expect((await request(ctx.app).get('/api/session').set('Cookie', user.cookie)).status).toBe(401);
    expect(await store.list(`users/${bystander.id}/`)).toHaveLength(2);
    expect(await ctx.db.knex('applications').where({ user_id: bystander.id }).first()).toBeDefined();
  });

  it('refuses to delete a submitted application (final), and a post without a session goes to /login', async () => {
    const user = await fullApplicant(ctx);
    await ctx.db.knex('applications').where({ user_id: user.id }).update({ submitted_at: ctx.clock.now });
    const res = await post(user.cookie, PASSWORD);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/your-data#your-data');
    expect(await ctx.db.knex('users').where({ id: user.id }).first()).toBeDefined();
    expect(await ctx.services.storage.list(`users/${user.id}/`)).toHaveLength(2);
    const anonymous = await request(ctx.app)
      .post(ACCOUNT_DELETE_PATH)
      .set('Origin', ctx.config.publicUrl)
      .type('form')
      .send({ password: PASSWORD });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toBe('/login');
    const crossSite = await request(ctx.app)
      .post(ACCOUNT_DELETE_PATH)
      .set('Cookie', user.cookie)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ password: PASSWORD });
    expect(crossSite.status).toBe(403);
  });
});
