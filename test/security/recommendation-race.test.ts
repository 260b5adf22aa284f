import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { captureMailer } from '../helpers/smtp.js';
import { submitAs } from '../helpers/staff.js';
import { bothDatabases } from './databases.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { makePdf } from '../fixtures/documents.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { invite, teacherTokenIn } from '../integration/recommendations-setup.js';

const ROUNDS = 6;
const WRITERS = 8;

async function openApp(open: () => ReturnType<ReturnType<typeof bothDatabases>[number][1]>, mail: ReturnType<typeof captureMailer>) {
  const ctx: TestContext = await createTestApp({
    db: await open(),
    queue: 'send-only',
    env: { WEBHOOK_URL: 'http://127.0.0.1:9/hooks', WEBHOOK_SECRET: 'whsec-test-0123456789abcdef' },
  });
  ctx.services.mail = mail;
  return ctx;
}

/** The invitation e-mail worked as the worker would; returns the teacher's token. */
async function teacherToken(
  ctx: TestContext,
  mail: ReturnType<typeof captureMailer>,
  i: number,
): Promise<{ token: string; userId: string }> {
  const user = await createLoggedInUser(ctx, `rec.racer.${i}@example.edu`);
  await submitAs(ctx, user.cookie, COMPLETE_ANSWERS);
  await invite(ctx, user, { email: `teacher.${i}@alta.example.org` });
  const rows = (
    await ctx.db.knex.raw(`select id, data from pgboss.job where name = ? and state = 'created' and start_after <= now() order by id`, [
      AFTER_SUBMISSION_MAIL_QUEUE,
    ])
  ).rows as Array<{ id: string; data: AfterSubmissionMailJob }>;
  for (const row of rows) {
    await sendAfterSubmissionMail(ctx.services, row.data);
    await ctx.db.knex.raw(`update pgboss.job set state = 'completed' where id = ?`, [row.id]);
  }
  return { token: teacherTokenIn(mail.messages.at(-1)), userId: user.id };
}

/**
 * Two (or eight) letters sent at once on one link, typed and as files mixed: one is stored, the others answer 409,
 * and the audit trail, the webhook outbox and the conversion queue say the same.
 */
describe.each(bothDatabases())('%s: letters sent at once on one teacher link', (_kind, open) => {
  it(`${WRITERS} letters at once, ${ROUNDS} rounds: one stored`, async () => {
    const mail = captureMailer();
    const ctx = await openApp(open, mail);
    try {
      const pdf = await makePdf(1, 'Letter');
      for (let round = 0; round < ROUNDS; round += 1) {
        const { token, userId } = await teacherToken(ctx, mail, round);
        const results = await Promise.all(
          Array.from({ length: WRITERS }, (_, i) =>
            i % 2 === round % 2
              ? request(ctx.app)
                  .post(`/recommend/${token}/text`)
                  .type('form')
                  .send({ letter_text: `Letter number ${i}` })
              : request(ctx.app).post(`/recommend/${token}`).attach('letter', pdf, { filename: 'letter.pdf' }),
          ),
        );
        const statuses = results.map((r) => r.status).sort();
        expect(statuses.filter((s) => s === 303)).toHaveLength(1);
        expect(statuses.filter((s) => s === 409)).toHaveLength(WRITERS - 1);
        const row = await ctx.db.knex('recommendations').where({ user_id: userId }).first();
        const docs = await ctx.db
          .knex('document_answers')
          .where({ user_id: userId })
          .where('answer_key', 'like', 'recommendation-letter-%');
        const converts = (
          await ctx.db.knex.raw(`select 1 from pgboss.job where name = 'convert-document' and data->>'userId' = ?`, [userId])
        ).rows;
        const stored = await ctx.db
          .knex('staff_audit')
          .where({ user_id: userId })
          .whereIn('action', ['recommendation-received', 'recommendation-upload']);
        const events = await ctx.db.knex('webhook_events').where({ user_id: userId, type: 'recommendation.received' });
        expect(stored).toHaveLength(1);
        if (row.received_via === 'text') {
          expect(row.letter_text).toMatch(/^Letter number \d$/);
          expect(docs).toHaveLength(0);
          expect(converts).toHaveLength(0);
          expect(events).toHaveLength(1);
        } else {
          expect(row.letter_text).toBeNull();
          expect(docs).toHaveLength(1);
          expect(converts).toHaveLength(1);
          expect(events).toHaveLength(0);
        }
      }
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('eight invitations for one slot at once: no error, one live teacher, the limit held', async () => {
    const mail = captureMailer();
    const ctx = await openApp(open, mail);
    try {
      const user = await createLoggedInUser(ctx, 'rec.inviter@example.edu');
      await submitAs(ctx, user.cookie, COMPLETE_ANSWERS);
      await request(ctx.app).post('/recommendations/waiver').set('Cookie', user.cookie).type('form').send({ waive: 'yes' }).expect(303);
      const results = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) =>
          request(ctx.app)
            .post('/recommendations/teacher')
            .set('Cookie', user.cookie)
            .set('Accept', 'application/json')
            .send({ slot: '1', name: 'Ana Rivera', email: `t${i}@alta.example.org`, subject: 'Chemistry' }),
        ),
      );
      const outcomes = results.map((r) => r.body.outcome as string);
      expect(outcomes.filter((o) => o === 'sent')).toHaveLength(6);
      expect(outcomes.filter((o) => o === 'limit')).toHaveLength(WRITERS - 6);
      const rows = await ctx.db.knex('recommendations').where({ user_id: user.id });
      expect(rows).toHaveLength(6);
      expect(rows.filter((r) => r.voided_at === null)).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
