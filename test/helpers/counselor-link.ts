import request from 'supertest';
import type { TestContext } from './app.js';
import { createLoggedInUser } from './users.js';
import type { ReceivedMail } from './smtp.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE } from '../../platform/jobs/queues.js';

/**
 * A live counselor link's token: an application submitted naming a counselor, and the request e-mail worked as the
 * worker would. The app needs `queue: 'send-only'` and `services.mail` set to `mail` (a captureMailer()).
 */
export async function counselorToken(ctx: TestContext, mail: { messages: ReceivedMail[] }): Promise<string> {
  const user = await createLoggedInUser(ctx);
  const answers = {
    ...COMPLETE_ANSWERS,
    counselor_first_name: 'Pat',
    counselor_last_name: 'Jones',
    counselor_email_address: 'pat.counselor@alta.example.org',
  };
  await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(answers).expect(200);
  await request(ctx.app).post('/api/submit').set('Cookie', user.cookie).expect(200);
  const rows = (
    await ctx.db.knex.raw(`select id, data from pgboss.job where name = ? and state = 'created' and start_after <= now() order by id`, [
      AFTER_SUBMISSION_MAIL_QUEUE,
    ])
  ).rows as Array<{ id: string; data: never }>;
  for (const row of rows) {
    await sendAfterSubmissionMail(ctx.services, row.data);
    await ctx.db.knex.raw(`update pgboss.job set state = 'completed' where id = ?`, [row.id]);
  }
  const match = /\/counselor\/([A-Za-z0-9_-]{43})/.exec(mail.messages.at(-1)?.text ?? '');
  if (!match) throw new Error('no counselor link was e-mailed');
  return match[1]!;
}
