import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { bothDatabases } from './databases.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import { INTEGRATION_RATE_LIMIT } from '../../server/integration/routes.server.js';
import { DECISIONS, type Decision } from '../../db/repos/after-submission.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE } from '../../platform/jobs/queues.js';
import { MAX_APPLICANT_SENDS } from '../../domain/after-submission/checklist.server.js';

const STAFF = 'officer@admissions.example.edu';
const WRITERS = 20;
const ROUNDS = 20;
const LETTERS: Record<Decision, string> = { admit: 'Congratulations!', deny: 'We regret…', waitlist: 'You are on our waitlist.' };
const RELEASED = 'A decision has already been released for this application; it cannot be changed.';

async function openApp(open: () => ReturnType<ReturnType<typeof bothDatabases>[number][1]>): Promise<TestContext> {
  return createTestApp({
    db: await open(),
    queue: 'send-only',
    env: { STAFF_EMAILS: STAFF, WEBHOOK_URL: 'http://127.0.0.1:9/hooks', WEBHOOK_SECRET: 'whsec-test-0123456789abcdef' },
  });
}

async function submittedApplication(ctx: TestContext, i: number, answers: Record<string, string | boolean> = COMPLETE_ANSWERS) {
  const user = await createLoggedInUser(ctx, `racer.${i}@example.edu`);
  await submitAs(ctx, user.cookie, answers);
  const { reference } = (await ctx.db.knex('applications').where({ user_id: user.id }).first('reference')) as { reference: string };
  return { user, reference };
}

const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

/**
 * Issue 35 finding 1: with no decision row yet there was nothing to lock, so on PostgreSQL two writers both
 * went ahead: a released deny was overwritten by admit while the audit and the webhook said deny. Now every
 * decision write (staff form, CRM, release) takes turns under the application's lock: one release per
 * application, and the database, the audit trail, the webhook outbox and the mail queue all agree.
 */
describe.each(bothDatabases())('%s: concurrent decision writes to an application without a decision', (_kind, open) => {
  it(`${WRITERS} staff and CRM writers at once, ${ROUNDS} rounds: one release, and everything says what is stored`, async () => {
    const ctx = await openApp(open);
    try {
      const staff = await staffCookie(ctx, STAFF);
      const created = await runClientCommand(ctx.db.knex, { action: 'create', name: 'crm' }, ctx.services.now());
      if (!created.ok) throw new Error(created.message);
      const key = created.lines[1]!;

      for (let round = 0; round < ROUNDS; round += 1) {
        const { user, reference } = await submittedApplication(ctx, round);
        const writers = Array.from({ length: WRITERS }, (_, i) => {
          const decision = DECISIONS[i % DECISIONS.length]!;
          const release = i % 5 === round % 5;
          if (i % 2 === 0) {
            const form: Record<string, string> = { decision, letter: LETTERS[decision], ...(release ? { release: '1' } : {}) };
            return request(ctx.app)
              .post(`/staff/applications/${user.id}/decision`)
              .set('Cookie', staff)
              .type('form')
              .send(form)
              .then((res) => ({ via: 'staff', res }));
          }
          const body = { decision, letter: LETTERS[decision], ...(release ? { release: true } : {}) };
          return request(ctx.app)
            .put(`/integration/v1/applications/${reference}/decision`)
            .set('Authorization', `Bearer ${key}`)
            .send(body)
            .then((res) => ({ via: 'crm', res }));
        });
        const answers = await Promise.all(writers);

        for (const { via, res } of answers) {
          const done = via === 'staff' ? 303 : 200;
          if (res.status !== done && res.status !== 409)
            throw new Error(`the ${via} writer answered ${res.status}: ${res.text.slice(0, 300)}`);
          if (res.status === 409) expect(via === 'staff' ? res.text : res.body.message).toContain(RELEASED);
        }

        const stored = await ctx.db.knex('decisions').where({ user_id: user.id }).first();
        expect(stored.released_at).not.toBeNull();
        expect(stored.letter).toBe(LETTERS[stored.decision as Decision]);

        const releasedAudit = await ctx.db.knex('staff_audit').where({ user_id: user.id, action: 'decision-released' });
        expect(releasedAudit.map((a) => parsed(a.detail).decision)).toEqual([stored.decision]);
        const recordedAudit = await ctx.db.knex('staff_audit').where({ user_id: user.id, action: 'decision-recorded' }).orderBy('id');
        expect(parsed(recordedAudit.at(-1)!.detail).decision).toBe(stored.decision);

        const events = await ctx.db.knex('webhook_events').where({ user_id: user.id, type: 'decision.released' });
        expect(events.map((e) => (parsed(e.payload).data as { decision: string }).decision)).toEqual([stored.decision]);
        const mails = await ctx.db.knex.raw(
          `select 1 from pgboss.job where name = ? and data->>'kind' = 'decision' and data->>'userId' = ?`,
          [AFTER_SUBMISSION_MAIL_QUEUE, user.id],
        );
        expect(mails.rows).toHaveLength(1);

        // Writers refused with 409 are exactly those that asked for something other than what is stored.
        for (const [i, { res }] of answers.entries()) {
          const asked = DECISIONS[i % DECISIONS.length];
          if (asked === stored.decision) expect(res.status).not.toBe(409);
        }
        ctx.clock.advance(INTEGRATION_RATE_LIMIT.windowMs);
      }
    } finally {
      await ctx.close();
    }
  }, 300_000);
});

/**
 * Applications submitted before checklists existed get theirs on first use. Concurrent "send again" from
 * /completion create exactly one checklist row, no 500, and count against the same allowance.
 */
describe.each(bothDatabases())('%s: concurrent first use of a checklist', (_kind, open) => {
  it('one checklist row, one live request, the allowance kept, no 500', async () => {
    const ctx = await openApp(open);
    try {
      const { user } = await submittedApplication(ctx, 0, { ...COMPLETE_ANSWERS, counselor_email_address: 'pat@alta.example.org' });
      // As if submitted before migration 100: no checklist, no request.
      await ctx.db.knex('counselor_requests').where({ user_id: user.id }).del();
      await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).del();

      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          request(ctx.app)
            .post('/completion/counselor')
            .set('Cookie', user.cookie)
            .set('Accept', 'application/json')
            .send({ counselor_email: 'pat@alta.example.org' }),
        ),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([...Array(1 + MAX_APPLICANT_SENDS).fill(200), ...Array(10 - 1 - MAX_APPLICANT_SENDS).fill(429)]);

      expect(await ctx.db.knex('transcript_checklist').where({ user_id: user.id })).toHaveLength(1);
      const checklist = await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first();
      expect(checklist).toMatchObject({ status: 'requested', resends: MAX_APPLICANT_SENDS, counselor_email: 'pat@alta.example.org' });
      const requests = await ctx.db.knex('counselor_requests').where({ user_id: user.id });
      expect(requests).toHaveLength(1 + MAX_APPLICANT_SENDS);
      expect(requests.filter((r) => r.voided_at === null)).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
