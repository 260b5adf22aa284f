import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import type { captureMailer, ReceivedMail } from '../helpers/smtp.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE } from '../../platform/jobs/queues.js';

export const COUNSELOR = 'pat.counselor@alta.example.org';

/** The test app: jobs are queued (in the submission's transaction) but worked by the test, one step at a time; mail goes to `mail`. */
export async function startAfterSubmission(mail: ReturnType<typeof captureMailer>): Promise<{ ctx: TestContext; key: string }> {
  await loadVikeBuild();
  const ctx = await createTestApp({
    queue: 'send-only',
    env: { WEBHOOK_URL: 'http://127.0.0.1:9/hooks', WEBHOOK_SECRET: 'whsec-test-0123456789abcdef' },
  });
  ctx.services.mail = mail;
  const created = await runClientCommand(ctx.db.knex, { action: 'create', name: 'crm' }, ctx.services.now());
  if (!created.ok) throw new Error(created.message);
  return { ctx, key: created.lines[1]! };
}

export function linkIn(message: ReceivedMail): string {
  const match = /\/counselor\/([A-Za-z0-9_-]{43})/.exec(message.text);
  if (!match) throw new Error(`no counselor link in: ${message.text}`);
  return match[1]!;
}

/** The helpers the after-submission tests share, on the test app `current()` returns. */
export function afterSubmissionHelpers(current: () => TestContext) {
  async function submitted(
    answers: Record<string, string | boolean> = {
      ...COMPLETE_ANSWERS,
      counselor_first_name: 'Pat',
      counselor_last_name: 'Jones',
      counselor_email_address: COUNSELOR,
    },
  ) {
    const ctx = current();
    const user = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(answers).expect(200);
    const res = await request(ctx.app).post('/api/submit').set('Cookie', user.cookie).expect(200);
    return { user, reference: res.body.reference as string };
  }

  /** Works every queued after-submission e-mail job that is due now (pg-boss's startAfter), as the worker would. */
  async function workMailJobs(): Promise<Array<'sent' | 'skipped' | 'refused'>> {
    const ctx = current();
    const rows = (
      await ctx.db.knex.raw(`select id, data from pgboss.job where name = ? and state = 'created' and start_after <= now() order by id`, [
        AFTER_SUBMISSION_MAIL_QUEUE,
      ])
    ).rows as Array<{ id: string; data: never }>;
    const out: Array<'sent' | 'skipped' | 'refused'> = [];
    for (const row of rows) {
      out.push(await sendAfterSubmissionMail(ctx.services, row.data));
      await ctx.db.knex.raw(`update pgboss.job set state = 'completed' where id = ?`, [row.id]);
    }
    return out;
  }

  /** Reminder jobs queued for a request (waiting for their day). */
  async function reminderJobs(requestId: string) {
    return (
      await current().db.knex.raw(
        `select data, start_after from pgboss.job where name = ? and data->>'requestId' = ? and (data->>'reminder')::int > 0 and state = 'created'`,
        [AFTER_SUBMISSION_MAIL_QUEUE, requestId],
      )
    ).rows as Array<{ data: { kind: 'counselor'; requestId: string; reminder: 1 | 2 }; start_after: Date }>;
  }

  const completion = (user: TestUser, query = '') =>
    request(current().app).get(`/completion${query}`).set('Cookie', user.cookie).expect(200);

  return { submitted, workMailJobs, reminderJobs, completion };
}
