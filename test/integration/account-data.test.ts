import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import S3rver from 's3rver';
import yauzl from 'yauzl';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { freePort } from '../helpers/server.js';
import { TEST_TMP } from '../helpers/paths.js';
import { presign } from '../fixtures/documents-flow.js';
import { makePdf } from '../fixtures/documents.js';
import { hashPassword } from '../../server/auth/passwords.server.js';
import { outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { applicationPdfKey } from '../../workers/jobs/render-application-pdf.server.js';
import type PgBoss from 'pg-boss';
import { registerRetention, runRetention } from '../../workers/jobs/retention.server.js';
import { RETENTION_CRON, RETENTION_QUEUE } from '../../platform/jobs/queues.js';
import { ACCOUNT_DATA_PATH, ACCOUNT_DELETE_PATH } from '../../contracts/account.js';

/**
 * Issue 27, retention and deletion: an applicant deletes an unsubmitted application with the account (nothing of
 * it is left in any table or the store, on the embedded store and on S3), downloads everything as a ZIP, and the
 * retention job warns, then deletes, idle unsubmitted accounts while keeping submitted ones for their period.
 */
const PASSWORD = 'a long and unusual pass phrase 27';
const BUCKET = 'fa-retention';

/** Every (table, column) that holds an account's id: any column named user_id or owner, and users.id. */
async function rowsOf(ctx: TestContext, userId: string): Promise<string[]> {
  const columns = (await ctx.db.knex.raw(
    `select table_name, column_name from information_schema.columns where table_schema = 'public' and column_name in ('user_id', 'owner')`,
  )) as { rows: Array<{ table_name: string; column_name: string }> };
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of [...columns.rows, { table_name: 'users', column_name: 'id' }]) {
    const n = Number(((await ctx.db.knex(table).whereRaw('??::text = ?', [column, userId]).count({ n: '*' }).first()) as { n: string }).n);
    if (n > 0) found.push(`${table}.${column}: ${n}`);
  }
  const jobs = (await ctx.db.knex.raw(`select to_regclass('pgboss.job') as t`)) as { rows: Array<{ t: string | null }> };
  if (jobs.rows[0]?.t) {
    const n = (
      (await ctx.db.knex.raw(`select count(*)::int as n from pgboss.job where data::text like ?`, [`%${userId}%`])) as {
        rows: Array<{ n: number }>;
      }
    ).rows[0]!.n;
    if (n > 0) found.push(`pgboss.job: ${n}`);
  }
  return found;
}

/** An applicant with a password, answers, an uploaded and converted document, a PDF, kept answers and an outbox row. */
async function fullApplicant(ctx: TestContext): Promise<TestUser & { upload: Buffer; fileKey: string }> {
  const user = await createLoggedInUser(ctx);
  const { knex } = ctx.db;
  const now = ctx.clock.now;
  await knex('users')
    .where({ id: user.id })
    .update({ password_hash: await hashPassword(PASSWORD) });
  await knex('applications').insert({
    user_id: user.id,
    answers: JSON.stringify({ first_name: 'Ada', last_name: 'Byron' }),
    created_at: now,
    updated_at: now,
  });
  // The key the server issues for an upload; the bytes go straight to the store (the browser's part, S3 or embedded).
  const fileKey = (await presign(ctx.app, user.cookie, 'transcript')).fields.key!;
  const upload = await makePdf();
  await ctx.services.storage.put(fileKey, upload, 'application/octet-stream');
  const outputKey = outputKeyFor(user.id, 'transcript', fileKey);
  await ctx.services.storage.put(outputKey, upload, 'application/pdf');
  await knex('document_answers').insert({
    user_id: user.id,
    answer_key: 'transcript',
    file_key: fileKey,
    file_name: 'My transcript.pdf',
    file_size: upload.length,
    status: 'COMPLETED',
    output_key: outputKey,
    created_at: now,
    updated_at: now,
  });
  await ctx.services.storage.put(applicationPdfKey(user.id, 1), Buffer.from('%PDF-1.7 application'), 'application/pdf');
  await knex('application_pdfs').insert({
    user_id: user.id,
    status: 'COMPLETED',
    generation: 1,
    answers_version: 0,
    output_key: applicationPdfKey(user.id, 1),
    requested_at: now,
    completed_at: now,
  });
  await knex('kept_answers').insert({
    token_hash: `kept-${user.id}`,
    owner: user.id,
    answers: JSON.stringify({ first_name: 'Ada' }),
    received_at: now,
  });
  await knex('carried_answers').insert({ user_id: user.id, answers: JSON.stringify({ last_name: 'Byron' }), received_at: now });
  await knex('webhook_events').insert({ type: 'test', user_id: user.id, payload: JSON.stringify({}), created_at: now });
  return { ...user, upload, fileKey };
}

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

describe('the retention job (clock moved, no waiting)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { INACTIVE_ACCOUNT_MONTHS: '18' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const DAY = 86_400_000;
  const outbox = () => {
    try {
      return readdirSync(join(ctx.config.dataDir, 'outbox')).map((f) => readFileSync(join(ctx.config.dataDir, 'outbox', f), 'utf8'));
    } catch {
      return [];
    }
  };

  it('warns an idle unsubmitted account 30 days ahead, then deletes it; a submitted one stays for its period', async () => {
    const start = new Date('2026-01-10T12:00:00Z');
    ctx.clock.set(start);
    const idle = await fullApplicant(ctx);
    const returning = await fullApplicant(ctx);
    const submitted = await fullApplicant(ctx);
    await ctx.db.knex('applications').where({ user_id: submitted.id }).update({ submitted_at: start, reference: 'FA-RETAIN' });

    // Not yet within 30 days of 18 months: nothing happens.
    ctx.clock.set(new Date('2027-06-01T12:00:00Z'));
    expect(await runRetention(ctx.services)).toEqual({ warned: 0, deleted: 0, purged: 0 });

    // 29 days before 18 months idle: both unsubmitted accounts are warned, once.
    ctx.clock.set(new Date(new Date('2027-07-10T12:00:00Z').getTime() - 29 * DAY));
    expect(await runRetention(ctx.services)).toEqual({ warned: 2, deleted: 0, purged: 0 });
    expect(outbox().filter((m) => m.includes('will be deleted'))).toHaveLength(2);
    expect(outbox().some((m) => m.includes(idle.username))).toBe(true);
    expect(await runRetention(ctx.services)).toEqual({ warned: 0, deleted: 0, purged: 0 });

    // One of them signs in after the warning: a new idle period starts for it.
    ctx.clock.advance(DAY);
    await ctx.db.knex('user_logins').insert({ user_id: returning.id, logged_in_at: ctx.clock.now });

    // 30 days after the warning: the idle account is deleted with everything, the others stay.
    ctx.clock.advance(29 * DAY);
    expect(await runRetention(ctx.services)).toEqual({ warned: 0, deleted: 1, purged: 0 });
    expect(await rowsOf(ctx, idle.id)).toEqual([]);
    expect(await ctx.services.storage.list(`users/${idle.id}/`)).toEqual([]);
    expect(await ctx.db.knex('users').where({ id: returning.id }).first('retention_warned_at')).toEqual({ retention_warned_at: null });
    expect(await ctx.db.knex('applications').where({ user_id: submitted.id }).first()).toBeDefined();
    const deletion = await ctx.db.knex('staff_audit').where({ action: 'retention-delete' }).first();
    expect(deletion.user_id).toBeNull();
    expect(JSON.stringify(deletion)).not.toContain(idle.username);

    // Years later, kept forever by default; with a retention period of 24 months it is purged, audited.
    ctx.clock.set(new Date('2031-01-01T12:00:00Z'));
    await ctx.db.knex('user_logins').insert({ user_id: returning.id, logged_in_at: ctx.clock.now });
    expect((await runRetention(ctx.services)).purged).toBe(0);
    ctx.services.config.retention.submittedRetentionMonths = 24;
    expect((await runRetention(ctx.services)).purged).toBe(1);
    expect(await rowsOf(ctx, submitted.id)).toEqual([]);
    expect(await ctx.services.storage.list(`users/${submitted.id}/`)).toEqual([]);
    const purge = await ctx.db.knex('staff_audit').where({ action: 'retention-purge' }).first();
    expect(purge.detail).toEqual(expect.objectContaining({ reference: 'FA-RETAIN' }));
    expect(await ctx.db.knex('users').where({ id: returning.id }).first()).toBeDefined();
  });

  it('is scheduled daily in the university time zone by the worker, and its job runs a retention pass', async () => {
    const calls: unknown[][] = [];
    let handler: ((jobs: Array<{ data: object }>) => Promise<void>) | null = null;
    const boss = {
      schedule: async (...args: unknown[]) => void calls.push(args),
      work: async (_name: string, _options: object, fn: typeof handler) => {
        handler = fn;
        return 'worker-id';
      },
    } as unknown as PgBoss;
    await registerRetention(boss, ctx.services);
    expect(calls).toEqual([[RETENTION_QUEUE, RETENTION_CRON, {}, expect.objectContaining({ tz: ctx.config.timeZone })]]);
    const idle = await fullApplicant(ctx);
    ctx.clock.advance(18 * 31 * DAY);
    await handler!([{ data: {} }]);
    expect(await ctx.db.knex('users').where({ id: idle.id }).first('retention_warned_at')).toEqual({ retention_warned_at: ctx.clock.now });
  });
});
