import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { captureMailer } from '../helpers/smtp.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { DECISION_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';
import { staffApplicationPath } from '../../server/after-submission/staff-labels.js';

const STAFF = 'officer@admissions.example.edu';
let ctx: TestContext;
let staff: string;
const mail = captureMailer();
const people: Record<string, TestUser> = {};

const page = (path: string) => request(ctx.app).get(path).set('Cookie', staff);
const post = (path: string, form: Record<string, string> = {}) => request(ctx.app).post(path).set('Cookie', staff).type('form').send(form);
const emailsOn = (html: string) => [...html.matchAll(/<td[^>]*>([^<]+@example\.edu)<\/td>/g)].map((m) => m[1]);

beforeAll(async () => {
  ctx = await createTestApp({ queue: 'send-only', env: { STAFF_EMAILS: STAFF } });
  ctx.services.mail = mail;
  for (const [first, last, school, counselor] of [
    ['Maya', 'Christensen', 'Skyline High School', 'pat@skyline.example.org'],
    ['Omar', 'Haddad', 'Alta High School', ''],
    ['Lena', 'Christie', 'Alta High School', ''],
  ] as const) {
    const user = await createLoggedInUser(ctx, `${first.toLowerCase()}.${last.toLowerCase()}@example.edu`);
    ctx.clock.advance(60_000);
    await submitAs(ctx, user.cookie, {
      ...COMPLETE_ANSWERS,
      first_name: first,
      last_name: last,
      hs_name: school,
      ...(counselor ? { counselor_email_address: counselor } : {}),
    });
    people[first] = user;
  }
  staff = await staffCookie(ctx, STAFF);
}, 60_000);
afterAll(() => ctx?.close());

async function workMailJobs(): Promise<void> {
  const rows = (
    await ctx.db.knex.raw(`select id, data from pgboss.job where name = ? and state = 'created' and start_after <= now() order by id`, [
      AFTER_SUBMISSION_MAIL_QUEUE,
    ])
  ).rows as Array<{ id: string; data: AfterSubmissionMailJob }>;
  for (const row of rows) {
    await sendAfterSubmissionMail(ctx.services, row.data);
    await ctx.db.knex.raw(`update pgboss.job set state = 'completed' where id = ?`, [row.id]);
  }
}

describe('staff search', () => {
  it('matches "Last, First" (the list\'s format), the start of names and school names, and part of an e-mail', async () => {
    expect(emailsOn((await page('/staff?q=Christensen%2C%20Maya')).text)).toEqual(['maya.christensen@example.edu']);
    expect(emailsOn((await page('/staff?q=christ%2C%20ma')).text)).toEqual(['maya.christensen@example.edu']);
    expect(emailsOn((await page('/staff?q=Christ')).text)).toEqual(['lena.christie@example.edu', 'maya.christensen@example.edu']);
    expect(emailsOn((await page('/staff?q=haddad%40exam')).text)).toEqual(['omar.haddad@example.edu']);
    expect(emailsOn((await page('/staff?q=ar.hadd')).text)).toEqual(['omar.haddad@example.edu']);
    expect(emailsOn((await page('/staff?q=skyline')).text)).toEqual(['maya.christensen@example.edu']);
    expect(emailsOn((await page('/staff?q=alta%20high')).text)).toEqual(['lena.christie@example.edu', 'omar.haddad@example.edu']);
  });
});

describe('the checklist and decision at the staff desk', () => {
  it('lists transcript and decision columns and filters by them', async () => {
    const list = await page('/staff');
    expect(list.text).toContain('<th scope="col">Transcript</th>');
    expect(list.text).toContain('<th scope="col">Decision</th>');
    expect(emailsOn((await page('/staff?transcript=requested')).text)).toEqual(['maya.christensen@example.edu']);
    expect(emailsOn((await page('/staff?transcript=needed')).text)).toEqual(['lena.christie@example.edu', 'omar.haddad@example.edu']);
  });

  it('marks a transcript received (paper), refuses a resend then (409), records and releases a decision once; all audited', async () => {
    const maya = people.Maya!;
    const panel = await page(staffApplicationPath(maya.id));
    expect(panel.status).toBe(200);
    expect(panel.text).toContain('Requested from pat@skyline.example.org');

    const resent = await post(`/staff/applications/${maya.id}/counselor-request`);
    expect(resent.status).toBe(303);
    expect(resent.headers.location).toBe(`${staffApplicationPath(maya.id)}?done=resent#office-checklist`);
    expect((await post(`/staff/applications/${maya.id}/transcript`, { via: 'office-paper' })).headers.location).toContain('done=received');
    expect((await post(`/staff/applications/${maya.id}/transcript`, { via: 'office-paper' })).headers.location).toContain('done=unchanged');
    expect((await post(`/staff/applications/${maya.id}/transcript`, { via: 'carrier pigeon' })).status).toBe(400);
    const refused = await post(`/staff/applications/${maya.id}/counselor-request`);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('The transcript has been received');
    expect(emailsOn((await page('/staff?transcript=received')).text)).toEqual(['maya.christensen@example.edu']);

    expect((await post(`/staff/applications/${maya.id}/release`)).status).toBe(409);
    expect((await post(`/staff/applications/${maya.id}/decision`, { decision: 'maybe' })).status).toBe(400);
    const recorded = await post(`/staff/applications/${maya.id}/decision`, {
      decision: 'waitlist',
      letter: 'Dear Maya,\r\nYou are on our waitlist.',
    });
    expect(recorded.headers.location).toContain('done=recorded');
    expect(emailsOn((await page('/staff?decision=unreleased')).text)).toEqual(['maya.christensen@example.edu']);
    expect((await page('/staff?decision=unreleased')).text).toContain('Waitlist (not released)');
    // Not released: the applicant's page does not show it.
    mail.messages.length = 0;
    expect((await post(`/staff/applications/${maya.id}/release`)).headers.location).toContain('done=released');
    expect((await post(`/staff/applications/${maya.id}/release`)).headers.location).toContain('done=unchanged');
    expect((await post(`/staff/applications/${maya.id}/decision`, { decision: 'admit' })).status).toBe(409);
    await workMailJobs();
    expect(mail.messages.filter((m) => m.subject === DECISION_SUBJECT).map((m) => m.to[0])).toEqual([maya.username]);
    const after = await page(staffApplicationPath(maya.id));
    expect(after.text).toContain('released');
    expect(after.text).toContain('Dear Maya,\nYou are on our waitlist.');

    const trail = (await ctx.db.knex('staff_audit').where({ user_id: maya.id }).whereNot({ action: 'view' }).orderBy('id')).map((a) => [
      a.staff_email,
      a.action,
    ]);
    expect(trail).toEqual([
      [STAFF, 'counselor-request-resent'],
      [STAFF, 'transcript-received'],
      [STAFF, 'decision-recorded'],
      [STAFF, 'decision-released'],
    ]);
  });

  it('releases every recorded decision among the filtered applications at once', async () => {
    await post(`/staff/applications/${people.Omar!.id}/decision`, { decision: 'admit' });
    await post(`/staff/applications/${people.Lena!.id}/decision`, { decision: 'deny', letter: 'Dear Lena,' });
    mail.messages.length = 0;
    // The first POST only says what it would do; the second, echoing that set's digest, releases (issue 37).
    const shown = await post('/staff/decisions/release?q=alta');
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Release 2 decisions: 1 admit, 1 deny.');
    expect(emailsOn((await page('/staff?decision=unreleased')).text)).toEqual(['lena.christie@example.edu', 'omar.haddad@example.edu']);
    const res = await post('/staff/decisions/release?q=alta', { confirm: /name="confirm" value="([^"]+)"/.exec(shown.text)![1]! });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/staff?q=alta&released=2');
    expect((await page(res.headers.location!)).text).toContain('2 decisions released.');
    await workMailJobs();
    expect(
      mail.messages
        .filter((m) => m.subject === DECISION_SUBJECT)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual([people.Lena!.username, people.Omar!.username].sort());
    expect(emailsOn((await page('/staff?decision=unreleased')).text)).toEqual([]);
  });

  it('refuses actions without a staff session and from another site', async () => {
    const id = people.Omar!.id;
    expect((await request(ctx.app).post(`/staff/applications/${id}/release`).type('form').send({})).status).toBe(401);
    expect(
      (
        await request(ctx.app)
          .post(`/staff/applications/${id}/release`)
          .set('Cookie', staff)
          .set('Origin', 'https://evil.example')
          .type('form')
          .send({})
      ).status,
    ).toBe(403);
  });
});
