import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { captureMailer } from '../helpers/smtp.js';
import { createLoggedInUser } from '../helpers/users.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { makePdf } from '../fixtures/documents.js';
import { AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob, type ConvertDocumentData } from '../../platform/jobs/queues.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { convertDocument } from '../../workers/jobs/convert-document.server.js';
import { RECOMMENDATION_LINK_DAYS } from '../../domain/recommendations/recommendation-common.server.js';
import { RECOMMENDATION_SUBJECT } from '../../domain/mail/recommendation-mail.server.js';
import { afterSubmissionHelpers, startAfterSubmission } from './after-submission-setup.js';
import { invite, teacherTokenIn } from './recommendations-setup.js';

let ctx: TestContext;
let key: string;
const mail = captureMailer();

beforeAll(async () => {
  ({ ctx, key } = await startAfterSubmission(mail));
}, 60_000);
afterAll(() => ctx?.close());

const { submitted, workMailJobs } = afterSubmissionHelpers(() => ctx);
const LETTER = 'Maria is the most curious chemist I have taught in twenty years. Secret-word: ZEBRA-CRUCIBLE.';

describe('a teacher’s link', () => {
  it('answers 404 to a forged or unknown token and 410 once expired, naming nobody', async () => {
    const { user } = await submitted(COMPLETE_ANSWERS);
    await invite(ctx, user, { email: 'rivera@alta.example.org' });
    await workMailJobs();
    const token = teacherTokenIn(mail.messages.at(-1));
    expect((await request(ctx.app).get(`/recommend/${token}`).expect(200)).text).toContain('Maria Lopez');
    // Forged: the right shape, not one we made; a counselor-style token of another purpose; junk.
    const forged = token.slice(0, 42) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [forged, 'not-a-token', 'x'.repeat(43)]) {
      const res = await request(ctx.app).get(`/recommend/${bad}`).expect(404);
      expect(res.text).not.toContain('Maria');
    }
    expect((await request(ctx.app).post(`/recommend/${forged}/text`).type('form').send({ letter_text: 'x' })).status).toBe(404);
    ctx.clock.advance((RECOMMENDATION_LINK_DAYS + 1) * 86_400_000);
    const expired = await request(ctx.app).get(`/recommend/${token}`).expect(410);
    expect(expired.text).not.toContain('Maria');
    expect((await request(ctx.app).post(`/recommend/${token}/text`).type('form').send({ letter_text: LETTER })).status).toBe(409);
    expect((await ctx.db.knex('recommendations').where({ user_id: user.id }).first()).letter_text).toBeNull();
  });

  it('keeps a typed letter from every page and download of the applicant; the CRM gets a webhook and the feed', async () => {
    const { user, reference } = await submitted(COMPLETE_ANSWERS);
    await invite(ctx, user, { email: 'rivera@alta.example.org' });
    await workMailJobs();
    const token = teacherTokenIn(mail.messages.at(-1));
    await request(ctx.app).post(`/recommend/${token}/text`).type('form').send({ letter_text: LETTER }).expect(303);
    expect((await request(ctx.app).get(`/recommend/${token}`).expect(200)).text).toContain('Letter received');

    const pages = [
      '/completion',
      '/completion?view=letter',
      '/review',
      '/your-data',
      '/recommendations',
      '/api/profile',
      '/api/document-answer',
      '/account/data.zip',
    ];
    for (const path of pages) {
      const res = await request(ctx.app).get(path).set('Cookie', user.cookie).buffer(true);
      const body = Buffer.isBuffer(res.body) ? res.body.toString('latin1') : res.text;
      expect(body).not.toContain('ZEBRA-CRUCIBLE');
    }
    const completion = await request(ctx.app).get('/completion').set('Cookie', user.cookie).expect(200);
    expect(completion.text).toMatch(/Letter received on [A-Z][a-z]+ \d{1,2}, \d{4}\./);

    const events = await ctx.db.knex('webhook_events').where({ user_id: user.id, type: 'recommendation.received' });
    expect(events).toHaveLength(1);
    const payload = typeof events[0].payload === 'string' ? JSON.parse(events[0].payload) : events[0].payload;
    expect(payload.data).toMatchObject({
      application_id: user.id,
      reference,
      slot: 1,
      teacher_name: 'Ana Rivera',
      teacher_email: 'rivera@alta.example.org',
      subject: 'Chemistry',
      waived: true,
      received_via: 'text',
    });
    expect(JSON.stringify(payload)).not.toContain('ZEBRA');

    ctx.clock.advance(10_000);
    const feed = await request(ctx.app)
      .get('/integration/v1/applications')
      .query({ limit: '500' })
      .set('Authorization', `Bearer ${key}`)
      .expect(200);
    const item = (feed.body.applications as Array<Record<string, unknown>>).find((a) => a.reference === reference)!;
    expect(item.recommendation_waived).toBe(true);
    expect(item.recommendations).toEqual([
      expect.objectContaining({
        slot: 1,
        teacher_email: 'rivera@alta.example.org',
        status: 'received',
        received_via: 'text',
        letter_text: LETTER,
      }),
    ]);
  });

  it('takes a file through the conversion; the feed links the letter and the CRM fetches it (audited)', async () => {
    const { user, reference } = await submitted(COMPLETE_ANSWERS);
    await invite(ctx, user, { email: 'okafor@alta.example.org', name: 'Ben Okafor', subject: 'History' });
    await workMailJobs();
    const token = teacherTokenIn(mail.messages.at(-1));
    await request(ctx.app)
      .post(`/recommend/${token}`)
      .attach('letter', await makePdf(1, 'Letter'), { filename: 'l.pdf' })
      .expect(303);
    expect((await ctx.db.knex('recommendations').where({ user_id: user.id }).first()).received_at).toBeNull();
    const jobs = (
      await ctx.db.knex.raw(`select id, data from pgboss.job where name = 'convert-document' and data->>'userId' = ?`, [user.id])
    ).rows as Array<{ id: string; data: ConvertDocumentData }>;
    await convertDocument(ctx.services, jobs[0]!.data, jobs[0]!.id);
    expect((await ctx.db.knex('webhook_events').where({ user_id: user.id, type: 'recommendation.received' })).length).toBe(1);
    // Not in the applicant's document list, nor in their data download's list.
    const docs = await request(ctx.app).get('/api/document-answer').set('Cookie', user.cookie);
    expect(docs.text).not.toContain('recommendation-letter');
    ctx.clock.advance(10_000);
    const feed = await request(ctx.app)
      .get('/integration/v1/applications')
      .query({ limit: '500' })
      .set('Authorization', `Bearer ${key}`)
      .expect(200);
    const item = (feed.body.applications as Array<{ reference: string; recommendations: Array<{ letter_url: string }> }>).find(
      (a) => a.reference === reference,
    )!;
    const url = new URL(item.recommendations[0]!.letter_url);
    await request(ctx.app).get(url.pathname).set('Authorization', `Bearer ${key}`).expect(303);
    await request(ctx.app)
      .get(url.pathname.replace(user.id, (await createLoggedInUser(ctx)).id))
      .set('Authorization', `Bearer ${key}`)
      .expect(404);
    expect(await ctx.db.knex('staff_audit').where({ user_id: user.id, action: 'integration-letter' })).toHaveLength(1);
  });

  it('reminds the teacher after 7 and 14 days while nothing arrived, and stops once a letter is in or the teacher is replaced', async () => {
    const { user } = await submitted(COMPLETE_ANSWERS);
    await invite(ctx, user, { email: 'rivera@alta.example.org' });
    await invite(ctx, user, { slot: 2, email: 'okafor@alta.example.org', name: 'Ben Okafor', subject: 'History' });
    mail.messages.length = 0;
    expect(await workMailJobs()).toEqual(['sent', 'sent']);
    const rows = await ctx.db.knex('recommendations').where({ user_id: user.id }).orderBy('slot');
    const reminders = async (id: string) =>
      (
        await ctx.db.knex.raw(
          `select data, start_after, created_on from pgboss.job where name = ? and data->>'recommendationId' = ? and (data->>'reminder')::int > 0 order by data->>'reminder'`,
          [AFTER_SUBMISSION_MAIL_QUEUE, String(id)],
        )
      ).rows as Array<{ data: AfterSubmissionMailJob; start_after: Date; created_on: Date }>;
    const [first, second] = [await reminders(rows[0].id), await reminders(rows[1].id)];
    // Queued for the 7th and the 14th day.
    expect(first.map((j) => Math.round((new Date(j.start_after).getTime() - new Date(j.created_on).getTime()) / 86_400_000))).toEqual([
      7, 14,
    ]);
    // The first teacher sends a letter: their reminders send nothing. The second is reminded, once.
    const token = teacherTokenIn(mail.messages.find((m) => m.to.includes('rivera@alta.example.org')));
    await request(ctx.app).post(`/recommend/${token}/text`).type('form').send({ letter_text: LETTER }).expect(303);
    mail.messages.length = 0;
    for (const job of first) expect(await sendAfterSubmissionMail(ctx.services, job.data)).toBe('skipped');
    expect(await sendAfterSubmissionMail(ctx.services, second[0]!.data)).toBe('sent');
    expect(await sendAfterSubmissionMail(ctx.services, second[0]!.data)).toBe('skipped');
    expect(mail.messages.map((m) => [m.to[0], m.subject])).toEqual([['okafor@alta.example.org', `Reminder: ${RECOMMENDATION_SUBJECT}`]]);
    // The second teacher's address is corrected: the old invitation's last reminder sends nothing.
    await invite(ctx, user, { slot: 2, email: 'b.okafor@alta.example.org', name: 'Ben Okafor', subject: 'History' });
    expect(await sendAfterSubmissionMail(ctx.services, second[1]!.data)).toBe('skipped');
    expect(mail.messages).toHaveLength(1);
  });
});
