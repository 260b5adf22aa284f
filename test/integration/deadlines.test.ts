import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { captureMail } from '../helpers/mail-capture.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { staffCookie } from '../helpers/staff.js';
import { runDeadlineReminders } from '../../workers/jobs/deadline-reminders.server.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import { POST_FIELDS, REVIEW_SOURCE, SUBMIT_TARGET } from '../../contracts/form-post.js';

/*
 * Issue 40: the admission cycle's deadlines. Cycle 2026-27 (entry Fall 2027): Early Action closes at the end of
 * 1 November 2026, Regular Decision at the end of 15 January 2027, both in America/Denver (MST, UTC−7), so Regular
 * Decision's last instant is 2027-01-16T06:59:59.999Z. A grace of 10 minutes follows it.
 */
const REGULAR_ENDS = new Date('2027-01-16T07:00:00Z');
const GRACE_MS = 10 * 60_000;
const PASSED =
  'The deadline for applications, 15 January at 11:59 pm MST, has passed. Your answers are saved and you can still read and download them.';

const LEAD = 'lead@admissions.example.edu';
const READER = 'reader@admissions.example.edu';

let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp({
    env: {
      DEADLINES: 'early-action=11-01,regular=01-15',
      DEADLINE_GRACE_MINUTES: '10',
      ADMISSION_CYCLE: '2026-27',
      STAFF_EMAILS: `${LEAD},${READER}`,
      STAFF_ROLES: `lead=${LEAD}`,
    },
  });
});
afterAll(() => ctx?.close());

const as = (user: TestUser) => ({
  get: (path: string) => request(ctx.app).get(path).set('Cookie', user.cookie),
  put: (path: string) => request(ctx.app).put(path).set('Cookie', user.cookie),
  post: (path: string) => request(ctx.app).post(path).set('Cookie', user.cookie),
});

/** A complete, unsubmitted application made a minute before `at` (sessions end when idle, so not days before). */
async function completeApplicant(at: Date): Promise<TestUser> {
  ctx.clock.set(new Date(at.getTime() - 60_000));
  const user = await createLoggedInUser(ctx);
  await as(user).put('/api/answer').send(COMPLETE_ANSWERS).expect(200);
  return user;
}

const roundOf = async (user: TestUser) =>
  (await ctx.db.knex('applications').where({ user_id: user.id }).first('deadline_round', 'submitted_at')) as {
    deadline_round: string | null;
    submitted_at: Date | null;
  };

describe('submitting around the deadline', () => {
  it('accepts a submit that arrived at 23:59:59.9 even though its processing ends after the deadline, under Regular Decision', async () => {
    const maria = await completeApplicant(REGULAR_ENDS);
    ctx.clock.set(new Date(REGULAR_ENDS.getTime() - 100));
    // Every later read of the clock in this request is past the deadline and the grace: only arrival counts.
    const realNow = ctx.services.now;
    let reads = 0;
    ctx.services.now = () =>
      reads++ === 0 ? new Date(REGULAR_ENDS.getTime() - 100) : new Date(REGULAR_ENDS.getTime() + GRACE_MS + 60_000);
    try {
      const res = await as(maria).post('/api/submit');
      expect(res.status).toBe(200);
    } finally {
      ctx.services.now = realNow;
    }
    expect((await roundOf(maria)).deadline_round).toBe('regular');
  });

  it('accepts a submit within the grace and refuses one at the deadline + grace + 1 s with the message; the answers stay readable', async () => {
    const inGrace = await completeApplicant(REGULAR_ENDS);
    const late = await completeApplicant(REGULAR_ENDS);
    ctx.clock.set(new Date(REGULAR_ENDS.getTime() + GRACE_MS - 1000));
    expect((await as(inGrace).post('/api/submit')).status).toBe(200);

    ctx.clock.set(new Date(REGULAR_ENDS.getTime() + GRACE_MS + 1000));
    const refused = await as(late).post('/api/submit');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PASSED);
    expect((await roundOf(late)).submitted_at).toBeNull();

    // Without JavaScript: the review's Submit shows the same message on the page.
    const page = await as(late)
      .post('/final-steps')
      .type('form')
      .send({ [POST_FIELDS.from]: REVIEW_SOURCE, [POST_FIELDS.go]: SUBMIT_TARGET });
    expect(page.status).toBe(409);
    // Said once, by the page's deadline banner, not again beside the form.
    expect(page.text.split('has passed. Your answers are saved and you can still read and download them.')).toHaveLength(2);
    expect(page.text).toMatch(/id="deadline-banner"[^>]*>\s*<p>The deadline for applications[^<]*has passed\./);
    expect((await roundOf(late)).submitted_at).toBeNull();

    // Readable and downloadable: the pages and the account data download still answer.
    const review = await as(late).get('/review');
    expect(review.status).toBe(200);
    expect(review.text).toContain('has passed');
    expect(review.text).toContain(String(COMPLETE_ANSWERS.city));
    expect((await as(late).get('/account/data.zip')).status).toBe(200);
  });

  it('shows the open round on the form pages and the review in the university time zone', async () => {
    ctx.clock.set(new Date('2026-10-20T12:00:00Z'));
    const early = await createLoggedInUser(ctx);
    const about = await as(early).get('/about');
    expect(about.text).toContain('Early Action deadline: Sunday 1 November 2026, 11:59 pm MST');
    ctx.clock.set(new Date('2026-12-01T12:00:00Z'));
    const regular = await createLoggedInUser(ctx);
    expect((await as(regular).get('/review')).text).toContain('Regular Decision deadline: Friday 15 January 2027, 11:59 pm MST');
    // A visitor sees it too.
    expect((await request(ctx.app).get('/about')).text).toContain('Regular Decision deadline: Friday 15 January 2027, 11:59 pm MST');
  });

  it('records Early Action for a submit before 1 November ends', async () => {
    const ada = await completeApplicant(new Date('2026-11-02T06:59:59Z'));
    ctx.clock.set(new Date('2026-11-02T06:59:59Z'));
    expect((await as(ada).post('/api/submit')).status).toBe(200);
    expect((await roundOf(ada)).deadline_round).toBe('early-action');
  });
});

describe('extending a deadline', () => {
  it('lets a named applicant submit after the deadline, audited; another applicant is still refused', async () => {
    const named = await completeApplicant(REGULAR_ENDS);
    const other = await completeApplicant(REGULAR_ENDS);
    ctx.clock.set(new Date(REGULAR_ENDS.getTime() + GRACE_MS + 2 * 60_000));
    const lead = await staffCookie(ctx, LEAD);
    // Bad input is refused with a message and extends nothing.
    const bad = await request(ctx.app)
      .post('/staff/deadlines/extend')
      .set('Cookie', lead)
      .type('form')
      .send({ round: 'regular', until: 'tomorrow', applicants: named.username });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Write the new deadline as a date and time');
    const unknown = await request(ctx.app)
      .post('/staff/deadlines/extend')
      .set('Cookie', lead)
      .type('form')
      .send({ round: 'regular', until: '2027-01-17T23:59', applicants: 'nobody@example.edu' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('nobody@example.edu');
    expect(Number(((await ctx.db.knex('deadline_extensions').count({ n: '*' }).first()) as { n: unknown }).n)).toBe(0);

    const res = await request(ctx.app)
      .post('/staff/deadlines/extend')
      .set('Cookie', lead)
      .type('form')
      .send({ round: 'regular', until: '2027-01-17T23:59', applicants: named.username.toUpperCase() });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/staff/deadlines?extended=1');
    const entries = (await ctx.db
      .knex('staff_audit')
      .where({ action: 'deadline-extended' })
      .select('staff_email', 'user_id', 'detail')) as Array<{ staff_email: string; user_id: string; detail: unknown }>;
    expect(entries).toHaveLength(1);
    const detail = typeof entries[0]!.detail === 'string' ? JSON.parse(entries[0]!.detail) : entries[0]!.detail;
    expect(entries[0]).toMatchObject({ staff_email: LEAD, user_id: named.id });
    // Until 23:59 on 17 January in Denver (MST), that minute included: 07:00 UTC on the 18th.
    expect(detail).toEqual({ round: 'regular', until: '2027-01-18T07:00:00.000Z', for: 'applicant' });

    // The named applicant sees their own deadline and can submit; the other is still refused.
    expect((await as(named).get('/final-steps')).text).toContain('Regular Decision deadline: Sunday 17 January 2027, 11:59 pm MST');
    expect((await as(named).post('/api/submit')).status).toBe(200);
    expect((await roundOf(named)).deadline_round).toBe('regular');
    const refused = await as(other).post('/api/submit');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PASSED);

    const page = await request(ctx.app).get('/staff/deadlines').set('Cookie', lead);
    expect(page.status).toBe(200);
    expect(page.text).toContain('2027-01-17 23:59 MST');
  });

  it('refuses a reader: 403, and nothing is extended', async () => {
    ctx.clock.set(new Date(REGULAR_ENDS.getTime() + GRACE_MS + 60 * 60_000));
    const before = Number(((await ctx.db.knex('deadline_extensions').count({ n: '*' }).first()) as { n: unknown }).n);
    const reader = await staffCookie(ctx, READER);
    const res = await request(ctx.app)
      .post('/staff/deadlines/extend')
      .set('Cookie', reader)
      .type('form')
      .send({ round: 'regular', until: '2027-01-20T23:59', applicants: '' });
    expect(res.status).toBe(403);
    expect((await request(ctx.app).get('/staff/deadlines').set('Cookie', reader)).status).toBe(403);
    expect(Number(((await ctx.db.knex('deadline_extensions').count({ n: '*' }).first()) as { n: unknown }).n)).toBe(before);
  });
});

describe('reminders before the deadline', () => {
  it('sends each reminder once, none after submitting, none after the unsubscribe; the link changes nothing until its button is pressed', async () => {
    const { sent, restore } = captureMail(ctx.services);
    try {
      const to = (user: TestUser) => sent.filter((m) => m.to === user.username);
      ctx.clock.set(new Date(REGULAR_ENDS.getTime() - 6 * 86_400_000));
      const una = await createLoggedInUser(ctx);
      const quits = await createLoggedInUser(ctx);
      const submits = await completeApplicant(ctx.clock.now);
      await runDeadlineReminders(ctx.services);
      await runDeadlineReminders(ctx.services);
      expect(to(una)).toHaveLength(1);
      expect(to(quits)).toHaveLength(1);
      expect(to(submits)).toHaveLength(1);
      const mail = to(una)[0]!;
      expect(mail.subject).toBe('Regular Decision deadline: less than a week left to submit your application');
      expect(mail.text).toContain('The Regular Decision deadline is Friday 15 January 2027, 11:59 pm MST, less than a week from now.');
      expect(mail.text).toContain(`${ctx.config.publicUrl}/login`);

      // The unsubscribe: opening the link only shows the button; its POST records the choice. A tampered link does not work.
      const link = new URL(/(https?:\/\/\S+\/deadline-reminders\/stop\/\S+)/.exec(to(quits)[0]!.text)![1]!);
      const page = await request(ctx.app).get(link.pathname);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Stop deadline reminders');
      expect(await ctx.db.knex('deadline_reminder_optouts').where({ user_id: quits.id }).first()).toBeUndefined();
      expect((await request(ctx.app).post(`${link.pathname}x`)).status).toBe(404);
      expect((await request(ctx.app).post(link.pathname)).status).toBe(200);
      expect(await ctx.db.knex('deadline_reminder_optouts').where({ user_id: quits.id }).first()).toBeDefined();

      await as(submits).post('/api/submit').expect(200);

      ctx.clock.set(new Date(REGULAR_ENDS.getTime() - 86_400_000));
      await runDeadlineReminders(ctx.services);
      ctx.clock.set(new Date(REGULAR_ENDS.getTime() - 5 * 3_600_000));
      await runDeadlineReminders(ctx.services);
      await runDeadlineReminders(ctx.services);
      expect(to(una).map((m) => m.subject)).toEqual([
        'Regular Decision deadline: less than a week left to submit your application',
        'Regular Decision deadline: less than two days left to submit your application',
        'Regular Decision deadline: only a few hours left to submit your application',
      ]);
      expect(to(quits)).toHaveLength(1);
      expect(to(submits)).toHaveLength(1);
      // After the deadline, nothing more.
      ctx.clock.set(new Date(REGULAR_ENDS.getTime() + 60_000));
      const before = sent.length;
      await runDeadlineReminders(ctx.services);
      expect(sent.length).toBe(before);
    } finally {
      restore();
    }
  });
});

describe('the integration feed', () => {
  it('carries the round each application was submitted under', async () => {
    ctx.clock.set(new Date(REGULAR_ENDS.getTime() + 2 * 86_400_000));
    const created = await runClientCommand(ctx.db.knex, { action: 'create', name: 'crm' }, ctx.services.now());
    if (!created.ok) throw new Error(created.message);
    const res = await request(ctx.app)
      .get('/integration/v1/applications')
      .query({ limit: '100' })
      .set('Authorization', `Bearer ${created.lines[1]!}`);
    expect(res.status).toBe(200);
    const rounds = new Set(res.body.applications.map((a: { deadline_round: string }) => a.deadline_round));
    expect(rounds).toEqual(new Set(['regular', 'early-action']));
  });
});
