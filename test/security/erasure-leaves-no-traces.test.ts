import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { staffCookie } from '../helpers/staff.js';
import { presign } from '../fixtures/documents-flow.js';
import { makePdf } from '../fixtures/documents.js';
import { hashPassword } from '../../server/auth/passwords.server.js';
import { erasedPseudonym } from '../../domain/account/erasure-traces.server.js';
import { ACCOUNT_DELETE_PATH } from '../../contracts/account.js';
import { APPLICATION_PDF_QUEUE, CONVERT_DOCUMENT_QUEUE } from '../../platform/jobs/queues.js';

/**
 * Issue 35 finding 14: after an account was deleted, its rate-limit keys (some hashed from its id or address),
 * an audit row and its finished jobs still held its id and object keys. Now none does; a job a worker is running
 * is left alone, and staff reads stay as the record of who read the application, under a pseudonym.
 */
const PASSWORD = 'a long and unusual pass phrase 35';
const STAFF = 'officer@admissions.example.edu';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ queue: 'send-only', env: { STAFF_EMAILS: STAFF } });
}, 60_000);
afterAll(() => ctx?.close());

const boss = () => ctx.queue!;
const jobsMentioning = async (table: string, needle: string) =>
  (
    (await ctx.db.knex.raw(
      `select state::text as state from ${table} where strpos(data::text, ?) > 0 or strpos(coalesce(output::text, ''), ?) > 0 order by state`,
      [needle, needle],
    )) as { rows: Array<{ state: string }> }
  ).rows.map((r) => r.state);

/** A job in the given state (pgboss.job), or moved to pgboss.archive as pg-boss does with finished ones. */
async function job(queue: string, data: object, state: 'completed' | 'failed' | 'cancelled' | 'active' | 'archived'): Promise<void> {
  const id = (await boss().send(queue, data))!;
  await ctx.db.knex.raw(`update pgboss.job set state = ? where id = ?`, [state === 'archived' ? 'completed' : state, id]);
  if (state === 'archived') {
    await ctx.db.knex.raw(`insert into pgboss.archive select *, now() from pgboss.job where id = ?`, [id]);
    await ctx.db.knex.raw(`delete from pgboss.job where id = ?`, [id]);
  }
}

async function applicantWithTraces(): Promise<TestUser & { fileKey: string }> {
  const user = await createLoggedInUser(ctx);
  const { knex } = ctx.db;
  await knex('users')
    .where({ id: user.id })
    .update({ password_hash: await hashPassword(PASSWORD) });
  // Limiter rows as the flows make them: an upload (keyed by the id), failed logins and e-mails (by the address).
  const fileKey = (await presign(ctx.app, user.cookie, 'transcript')).fields.key!;
  await ctx.services.storage.put(fileKey, await makePdf(), 'application/octet-stream');
  const origin = ctx.config.publicUrl;
  await request(ctx.app).post('/public/login').set('Origin', origin).send({ username: user.username, password: 'not the password' });
  await request(ctx.app).post('/public/forgot-password').set('Origin', origin).send({ username: user.username });
  await job(APPLICATION_PDF_QUEUE, { userId: user.id, generation: 1 }, 'completed');
  await job(APPLICATION_PDF_QUEUE, { userId: user.id, generation: 2 }, 'failed');
  await job(CONVERT_DOCUMENT_QUEUE, { key: fileKey }, 'cancelled');
  await job(CONVERT_DOCUMENT_QUEUE, { key: fileKey }, 'archived');
  await job(APPLICATION_PDF_QUEUE, { userId: user.id, generation: 3 }, 'active');
  return { ...user, fileKey };
}

describe('deleting an account removes what it left outside its own rows', () => {
  it('no rate-limit key, finished job or audit row mentions its id, address or object keys; an active job stays', async () => {
    const user = await applicantWithTraces();
    const bystander = await applicantWithTraces();
    const staff = await staffCookie(ctx, STAFF);
    await request(ctx.app).get(`/staff/audit`).set('Cookie', staff);
    await ctx.db.knex('staff_audit').insert({
      at: ctx.clock.now,
      staff_email: STAFF,
      action: 'download-document',
      user_id: user.id,
      detail: JSON.stringify({ document: user.fileKey }),
      ip: null,
    });
    const limiterRows = async () => (await ctx.db.knex('rate_limits').select('key')).map((r: { key: string }) => r.key);
    const before = await limiterRows();
    expect(before.some((k) => k.includes(user.id))).toBe(true);

    const done = await request(ctx.app)
      .post(ACCOUNT_DELETE_PATH)
      .set('Cookie', user.cookie)
      .set('Origin', ctx.config.publicUrl)
      .type('form')
      .send({ password: PASSWORD });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/login');

    // The limiter rows the account made are gone: those with its id, and those hashed from its id or address.
    const after = await limiterRows();
    expect(after.filter((k) => k.includes(user.id))).toEqual([]);
    const bystanderKeys = before.filter((k) => k.includes(bystander.id));
    expect(bystanderKeys.length).toBeGreaterThan(0);
    const gone = before.filter((k) => !after.includes(k));
    expect(gone.length).toBeGreaterThanOrEqual(3); // presign, login, mail (the limits' own keys, hashed)
    expect(after).toEqual(expect.arrayContaining(bystanderKeys));

    // Finished jobs naming its id or object keys are gone (job and archive); the running one is left to finish.
    expect(await jobsMentioning('pgboss.job', user.id)).toEqual(['active']);
    expect(await jobsMentioning('pgboss.archive', user.id)).toEqual([]);
    expect(await jobsMentioning('pgboss.job', bystander.id)).toEqual(['active', 'cancelled', 'completed', 'failed']);
    expect(await jobsMentioning('pgboss.archive', bystander.id)).toEqual(['completed']);

    // The audit trail: no row names the id, the address or an object key; the staff read stays, under a pseudonym.
    const trail = JSON.stringify(await ctx.db.knex('staff_audit').select('*'));
    expect(trail).not.toContain(user.id);
    expect(trail).not.toContain(user.username);
    expect(trail).not.toContain(user.fileKey);
    const read = await ctx.db
      .knex('staff_audit')
      .where({ action: 'download-document', user_id: erasedPseudonym(ctx.config.sessionSecret, user.id) })
      .first();
    expect(read).toBeDefined();
  });
});
