import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { captureMailer } from '../helpers/smtp.js';
import { createLoggedInUser } from '../helpers/users.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { afterSubmissionHelpers, startAfterSubmission } from './after-submission-setup.js';
import { invite, teacherTokenIn } from './recommendations-setup.js';

let ctx: TestContext;
const mail = captureMailer();

beforeAll(async () => {
  ({ ctx } = await startAfterSubmission(mail));
}, 60_000);
afterAll(() => ctx?.close());

const { submitted, workMailJobs } = afterSubmissionHelpers(() => ctx);

describe('what the applicant sends', () => {
  it('is checked: each refusal is a clear message (a 4xx in JSON), and the waiver comes first and is then final', async () => {
    const { user } = await submitted(COMPLETE_ANSWERS);
    const post = (body: Record<string, string>) =>
      request(ctx.app).post('/recommendations/teacher').set('Cookie', user.cookie).set('Accept', 'application/json').send(body);
    const teacher = { slot: '1', name: 'Ana Rivera', email: 'rivera@alta.example.org', subject: 'Chemistry' };
    expect((await post(teacher)).body).toEqual({ outcome: 'waiver-needed', message: expect.stringContaining('right to read') });
    await request(ctx.app).post('/recommendations/waiver').set('Cookie', user.cookie).type('form').send({ waive: 'no' }).expect(303);
    for (const [body, outcome, status] of [
      [{ ...teacher, slot: '3' }, 'invalid-slot', 400],
      [{ ...teacher, name: ' ' }, 'invalid-name', 400],
      [{ ...teacher, email: 'not an address' }, 'invalid-email', 400],
      [{ ...teacher, subject: 'x'.repeat(101) }, 'invalid-subject', 400],
      [{ ...teacher, email: user.username }, 'own-address', 400],
      [{ ...teacher, email: 'parent@example.com' }, 'own-address', 400],
    ] as const) {
      const res = await post(body);
      expect([res.status, res.body.outcome]).toEqual([status, outcome]);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await post(teacher)).status).toBe(200);
    expect((await post({ ...teacher, slot: '2' })).body.outcome).toBe('duplicate');
    // Without scripts: back to the page, which says what was wrong beside the form.
    const form = await request(ctx.app)
      .post('/recommendations/teacher')
      .set('Cookie', user.cookie)
      .type('form')
      .send({ ...teacher, slot: '2', email: 'nope', back: 'completion' })
      .expect(303);
    expect(form.headers.location).toBe('/completion?rec=invalid-email&slot=2#recommendations');
    const page = await request(ctx.app).get(form.headers.location!).set('Cookie', user.cookie).expect(200);
    expect(page.text).toContain('Enter the teacher’s e-mail address, like name@school.org.');
    // The waiver is final once a teacher has been invited.
    const waiver = await request(ctx.app)
      .post('/recommendations/waiver')
      .set('Cookie', user.cookie)
      .set('Accept', 'application/json')
      .send({ waive: 'yes' });
    expect([waiver.status, waiver.body.outcome]).toEqual([409, 'final']);
    // At most six invitations in all.
    for (let i = 0; i < 6; i += 1) await post({ ...teacher, slot: '2', email: `t${i}@alta.example.org` });
    expect((await post({ ...teacher, slot: '2', email: 'late@alta.example.org' })).status).toBe(429);
    // A visitor has no form to post.
    expect((await request(ctx.app).post('/recommendations/teacher').type('form').send(teacher)).status).toBe(401);
  });

  it('before submitting works the same, and /recommendations is for signed-in applicants who have not submitted', async () => {
    const user = await createLoggedInUser(ctx);
    expect((await request(ctx.app).get('/recommendations')).headers.location).toBe('/login');
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(COMPLETE_ANSWERS).expect(200);
    await invite(ctx, user, { email: 'rivera@alta.example.org' });
    expect((await request(ctx.app).get('/recommendations').set('Cookie', user.cookie).expect(200)).text).toMatch(/Invited on /);
    await request(ctx.app).post('/api/submit').set('Cookie', user.cookie).expect(200);
    expect((await request(ctx.app).get('/recommendations').set('Cookie', user.cookie)).headers.location).toBe('/completion');
  });
});

describe('what the teacher sends', () => {
  it('refuses an empty or too long letter, a file that is no document, and a too long reason, keeping the link live', async () => {
    const { user } = await submitted(COMPLETE_ANSWERS);
    await invite(ctx, user, { email: 'rivera@alta.example.org' });
    await workMailJobs();
    const token = teacherTokenIn(mail.messages.at(-1));
    const empty = await request(ctx.app).post(`/recommend/${token}/text`).type('form').send({ letter_text: '   ' }).expect(400);
    expect(empty.text).toContain('Type your letter, then send it.');
    const long = await request(ctx.app)
      .post(`/recommend/${token}/text`)
      .type('form')
      .send({ letter_text: 'x'.repeat(20_001) })
      .expect(400);
    expect(long.text).toContain('longer than 20000 characters');
    const exe = await request(ctx.app)
      .post(`/recommend/${token}`)
      .attach('letter', Buffer.from('MZ\x90\x00 not a document'), { filename: 'l.pdf' });
    expect(exe.status).toBe(400);
    const reason = await request(ctx.app)
      .post(`/recommend/${token}/decline`)
      .type('form')
      .send({ confirm: 'yes', reason: 'x'.repeat(1001) });
    expect(reason.status).toBe(400);
    const row = await ctx.db.knex('recommendations').where({ user_id: user.id }).first();
    expect([row.letter_submitted_at, row.declined_at]).toEqual([null, null]);
    expect((await request(ctx.app).get(`/recommend/${token}`).expect(200)).text).toContain('Send a letter of recommendation');
  });
});
