import request from 'supertest';
import { createTestApp, type TestAppOptions, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { recordDecision } from '../../domain/after-submission/decisions.server.js';
import { submittedApplication } from '../../domain/after-submission/checklist.server.js';
import type { Decision } from '../../db/repos/after-submission.server.js';

/**
 * Shared by the reply tests (issue 39). Applicants of cycle 2026-27 (entry Fall 2027) with REPLY_DATE 05-01: the
 * reply date ends at 2027-05-01 23:59:59.999 MDT, the instant below. The clock starts on the reply date's morning.
 */
export const REPLY_CLOSES = new Date('2027-05-02T06:00:00Z');
export const REPLY_DAY = new Date('2027-05-01T18:00:00Z');
export const LEAD = 'lead@admissions.example.edu';
export const READER = 'reader@admissions.example.edu';
export const WEBHOOK_ENV = { WEBHOOK_URL: 'http://127.0.0.1:9/hooks', WEBHOOK_SECRET: 'whsec-test-0123456789abcdef' };

export function replyEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ADMISSION_CYCLE: '2026-27',
    STAFF_EMAILS: `${LEAD},${READER}`,
    STAFF_ROLES: `lead=${LEAD}`,
    ...WEBHOOK_ENV,
    ...extra,
  };
}

export async function startReplyApp(options: TestAppOptions = {}): Promise<TestContext> {
  const ctx = await createTestApp({ queue: 'send-only', ...options, env: replyEnv(options.env) });
  ctx.clock.set(REPLY_DAY);
  return ctx;
}

/** A submitted application whose decision is released (or only recorded, with `release: false`). */
export async function applicantWith(
  ctx: TestContext,
  decision: Decision,
  options: { release?: boolean; email?: string; answers?: Record<string, string | boolean> } = {},
): Promise<TestUser & { reference: string }> {
  const user = await createLoggedInUser(ctx, options.email);
  await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, ...options.answers });
  const app = (await submittedApplication(ctx.db.knex, { userId: user.id }))!;
  await recordDecision(ctx.services, app, { decision, release: options.release ?? true }, { name: LEAD });
  return { ...user, reference: app.reference! };
}

/** The applicant's reply form, posted as a browser without scripts would (same-origin). */
export function postReply(ctx: TestContext, user: TestUser, form: Record<string, string>) {
  return request(ctx.app).post('/completion/reply').set('Cookie', user.cookie).type('form').send(form);
}

export function postWaiver(ctx: TestContext, user: TestUser, reason: string) {
  return request(ctx.app).post('/completion/deposit-waiver').set('Cookie', user.cookie).type('form').send({ reason });
}

export const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, any>;

/** The `reply.received` (or other) webhook events of an application, oldest first, as their payloads. */
export async function eventsOf(ctx: TestContext, userId: string, type = 'reply.received') {
  const rows = await ctx.db.knex('webhook_events').where({ user_id: userId, type }).orderBy('id');
  return rows.map((r) => parsed(r.payload));
}

export async function auditOf(ctx: TestContext, userId: string, action: string) {
  const rows = await ctx.db.knex('staff_audit').where({ user_id: userId, action }).orderBy('id');
  return rows.map((r) => ({ by: r.staff_email as string, detail: parsed(r.detail) }));
}
