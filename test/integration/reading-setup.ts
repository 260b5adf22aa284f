/**
 * The reading tests' shared test app and helpers. Each test file that imports this module has its own copy (jest
 * loads modules per test file), so `ctx`, `cookies` and the applicant counter `n` are that file's own.
 */
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { captureMailer } from '../helpers/smtp.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { DECISION_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';
import { stagesFor } from '../../db/repos/reading-stages.server.js';
import { decideWithLetter } from '../../domain/reading/letters.server.js';
import { markTranscriptReceived, submittedApplication } from '../../domain/after-submission/checklist.server.js';
import type { StaffActor } from '../../domain/reading/staff-actor.js';

export const LEAD: StaffActor = { email: 'lead@admissions.example.edu' };
export const ADMIN: StaffActor = { email: 'admin@admissions.example.edu' };
export const R1: StaffActor = { email: 'reader1@admissions.example.edu' };
export const R2: StaffActor = { email: 'reader2@admissions.example.edu' };
export const GOOD = { academic_preparation: '4', personal_qualities: '5', recommendation: 'admit', comment: 'Curious and kind.' };

export let ctx: TestContext;
export const mail = captureMailer();
export const cookies: Record<string, string> = {};
export let n = 0;

/** Starts the test app (beforeAll) and signs the four staff members in. */
export async function startReadingDesk(): Promise<void> {
  ctx = await createTestApp({
    queue: 'send-only',
    env: { STAFF_EMAILS: [LEAD, ADMIN, R1, R2].map((s) => s.email).join(','), STAFF_ROLES: `lead=${LEAD.email};admin=${ADMIN.email}` },
  });
  ctx.services.mail = mail;
  for (const s of [LEAD, ADMIN, R1, R2]) cookies[s.email] = await staffCookie(ctx, s.email);
}

export const post = (who: StaffActor, path: string, form: Record<string, string> = {}) =>
  request(ctx.app).post(path).set('Cookie', cookies[who.email]!).type('form').send(form);

/** A submitted application whose transcript the office marked received (so it is ready for review). */
export async function applicant(first: string, received = true): Promise<string> {
  n += 1;
  const user = await createLoggedInUser(ctx, `${first.toLowerCase()}.${n}@example.edu`);
  ctx.clock.advance(1000);
  await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, first_name: first });
  if (received)
    await markTranscriptReceived(ctx.services, (await submittedApplication(ctx.db.knex, { userId: user.id }))!, 'office-paper', {
      name: LEAD.email,
    });
  return user.id;
}

export async function decided(first: string, decision: 'admit' | 'deny' | 'waitlist'): Promise<string> {
  const id = await applicant(first);
  await decideWithLetter(ctx.services, LEAD, id, decision);
  return id;
}

/** Works the due decision e-mails as the worker would; returns to whom they went. */
export async function decisionMails(): Promise<string[]> {
  mail.messages.length = 0;
  const rows = (
    await ctx.db.knex.raw(`select id, data from pgboss.job where name = ? and state = 'created' order by id`, [AFTER_SUBMISSION_MAIL_QUEUE])
  ).rows as Array<{ id: string; data: AfterSubmissionMailJob }>;
  for (const row of rows) {
    await sendAfterSubmissionMail(ctx.services, row.data);
    await ctx.db.knex.raw(`update pgboss.job set state = 'completed' where id = ?`, [row.id]);
  }
  return mail.messages
    .filter((m) => m.subject === DECISION_SUBJECT)
    .map((m) => m.to[0]!)
    .sort();
}

export const usernameOf = async (id: string) =>
  ((await ctx.db.knex('users').where({ id }).first('username')) as { username: string }).username;
export const stage = async (id: string) => (await stagesFor(ctx.db.knex, [id])).get(id);
