import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type PgBoss from 'pg-boss';
import { registerRetention, runRetention } from '../../workers/jobs/retention.server.js';
import { RETENTION_CRON, RETENTION_QUEUE } from '../../platform/jobs/queues.js';
import { fullApplicant, rowsOf } from './account-data-helpers.js';

/**
 * Issue 27, retention and deletion: an applicant deletes an unsubmitted application with the account (nothing of
 * it is left in any table or the store, on the embedded store and on S3), downloads everything as a ZIP, and the
 * retention job warns, then deletes, idle unsubmitted accounts while keeping submitted ones for their period.
 */
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
