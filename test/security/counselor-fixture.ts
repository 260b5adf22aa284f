import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { captureMailer, type ReceivedMail } from '../helpers/smtp.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';

/** Issue 35's counselor tests: an app whose jobs are queued but worked by the test, and a captured mailbox. */
export const STAFF = 'officer@admissions.example.edu';
export const COUNSELOR = 'pat.counselor@alta.example.org';

export async function counselorApp(): Promise<{ ctx: TestContext; mail: ReturnType<typeof captureMailer> }> {
  const ctx = await createTestApp({ queue: 'send-only', env: { STAFF_EMAILS: STAFF } });
  const mail = captureMailer();
  ctx.services.mail = mail;
  return { ctx, mail };
}

/** Saves the answers (the complete application with a counselor, plus `changes`) and submits; returns the submit response. */
export async function submitWith(
  ctx: TestContext,
  changes: Record<string, string | boolean> = {},
  username?: string,
): Promise<{ user: TestUser; submit: request.Response }> {
  const user = await createLoggedInUser(ctx, username);
  await request(ctx.app)
    .put('/api/answer')
    .set('Cookie', user.cookie)
    .send({
      ...COMPLETE_ANSWERS,
      counselor_first_name: 'Pat',
      counselor_last_name: 'Jones',
      counselor_email_address: COUNSELOR,
      ...changes,
    })
    .expect(200);
  const submit = await request(ctx.app).post('/api/submit').set('Cookie', user.cookie);
  return { user, submit };
}

/** Works every after-submission e-mail job due now, as the worker would. */
export async function workMailJobs(ctx: TestContext): Promise<Array<'sent' | 'skipped' | 'refused'>> {
  const rows = (
    await ctx.db.knex.raw(`select id, data from pgboss.job where name = ? and state = 'created' and start_after <= now() order by id`, [
      AFTER_SUBMISSION_MAIL_QUEUE,
    ])
  ).rows as Array<{ id: string; data: AfterSubmissionMailJob }>;
  const out: Array<'sent' | 'skipped' | 'refused'> = [];
  for (const row of rows) {
    out.push(await sendAfterSubmissionMail(ctx.services, row.data));
    await ctx.db.knex.raw(`update pgboss.job set state = 'completed' where id = ?`, [row.id]);
  }
  return out;
}

export function linkIn(message: ReceivedMail): string {
  const match = /\/counselor\/([A-Za-z0-9_-]{43})/.exec(message.text);
  if (!match) throw new Error(`no counselor link in: ${message.text}`);
  return match[1]!;
}
