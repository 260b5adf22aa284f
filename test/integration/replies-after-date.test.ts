import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { parse } from 'csv-parse/sync';
import type { TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { staffCookie } from '../helpers/staff.js';
import { REPLY_MESSAGES } from '../../domain/after-submission/reply-rules.js';
import { LEAD, READER, REPLY_CLOSES, applicantWith, auditOf, eventsOf, postReply, postWaiver, startReplyApp } from './replies-setup.js';

/*
 * Issue 39: the desk lists and filters applications by reply, and after the reply date (the end of 1 May 2027 in
 * America/Denver) only the office changes a reply. The clock moves as in deadlines.test.ts: ctx.clock.
 */

let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await startReplyApp();
}, 120_000);
afterAll(() => ctx?.close());

const emailsOn = (html: string) => [...html.matchAll(/<td[^>]*>([^<]+@example\.edu)<\/td>/g)].map((m) => m[1]);

describe('the desk filters by reply, and the reply date closes replies', () => {
  it('lists each application by its reply and deposit waiver; "Not replied yet" is a released admit or waitlist without a reply', async () => {
    const enrolls = await applicantWith(ctx, 'admit', { email: 'enrolls@example.edu' });
    const waiver = await applicantWith(ctx, 'admit', { email: 'waiver@example.edu' });
    const declines = await applicantWith(ctx, 'admit', { email: 'declines@example.edu' });
    const stays = await applicantWith(ctx, 'waitlist', { email: 'stays@example.edu' });
    await applicantWith(ctx, 'admit', { email: 'silent@example.edu' });
    await applicantWith(ctx, 'deny', { email: 'denied@example.edu' });
    await applicantWith(ctx, 'admit', { email: 'unreleased@example.edu', release: false });
    await postReply(ctx, enrolls, { answer: 'enroll', version: '0' }).expect(303);
    // Without DEPOSIT_URL the deposit is paid by contacting the office, with the reference.
    const deposit = (await request(ctx.app).get('/completion').set('Cookie', enrolls.cookie).expect(200)).text;
    expect(deposit).toContain('To pay it, contact the Office of Admissions at');
    expect(deposit).toContain(`and give your reference, <strong>${enrolls.reference}</strong>`);
    expect(deposit).not.toContain('Pay the enrollment deposit');
    await postReply(ctx, waiver, { answer: 'enroll', version: '0' }).expect(303);
    await postWaiver(ctx, waiver, 'We cannot pay before the summer.').expect(303);
    await postReply(ctx, declines, { answer: 'decline', version: '0' }).expect(303);
    await postReply(ctx, stays, { answer: 'stay', version: '0' }).expect(303);

    const staff = await staffCookie(ctx, READER);
    const list = (query: string) => request(ctx.app).get(`/staff${query}`).set('Cookie', staff).expect(200);
    const all = await list('');
    expect(all.text).toContain('<th scope="col">Reply</th>');
    expect(all.text).toContain('<label for="reply">Reply and deposit</label>');
    expect(all.text).toContain('Will enroll, waiver requested');
    expect(emailsOn((await list('?reply=enroll')).text).sort()).toEqual(['enrolls@example.edu', 'waiver@example.edu']);
    expect(emailsOn((await list('?reply=decline')).text)).toEqual(['declines@example.edu']);
    expect(emailsOn((await list('?reply=stay')).text)).toEqual(['stays@example.edu']);
    expect(emailsOn((await list('?reply=waiver-requested')).text)).toEqual(['waiver@example.edu']);
    expect(emailsOn((await list('?reply=none')).text)).toEqual(['silent@example.edu']);
    // An unknown value is ignored, as the other filters' are.
    expect(emailsOn((await list('?reply=maybe')).text)).toHaveLength(7);
    // The CSV of the filtered list carries the reply and the waiver as codes.
    const csv = await request(ctx.app).post('/staff/export.csv?reply=enroll').set('Cookie', staff).type('form').send({}).expect(200);
    const rows = parse(csv.text, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.email, r.reply, r.deposit_waiver]).sort()).toEqual([
      ['enrolls@example.edu', 'enroll', ''],
      ['waiver@example.edu', 'enroll', 'requested'],
    ]);
    expect(rows[0]!.replied_at).toMatch(/^2027-05-01T18:00:00\.000Z$/);
  });

  it('after the reply date: the form is gone, a reply or a waiver request is refused (409), and only a lead changes it, audited', async () => {
    // Sessions end after 15 idle minutes: the applicant replies a few minutes before the reply date ends.
    ctx.clock.set(new Date(REPLY_CLOSES.getTime() - 5 * 60_000));
    const maria = await applicantWith(ctx, 'admit');
    await postReply(ctx, maria, { answer: 'enroll', version: '0' }).expect(303);
    // 23:59:59.999 on 1 May in Denver is still in time.
    ctx.clock.set(new Date(REPLY_CLOSES.getTime() - 1));
    expect((await request(ctx.app).get('/completion').set('Cookie', maria.cookie)).text).toContain('Change my reply');
    ctx.clock.set(REPLY_CLOSES);

    const page = await request(ctx.app).get('/completion').set('Cookie', maria.cookie).expect(200);
    expect(page.text).not.toContain('action="/completion/reply"');
    expect(page.text).not.toContain('action="/completion/deposit-waiver"');
    expect(page.text).toContain('The reply date, May 1, 2027 at 11:59 PM MDT, has passed.');
    const refused = await postReply(ctx, maria, { answer: 'decline', version: '1' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(REPLY_MESSAGES.passed('May 1, 2027 at 11:59 PM MDT'));
    expect((await postWaiver(ctx, maria, 'Too late?')).status).toBe(409);

    const reader = await staffCookie(ctx, READER);
    const office = (cookie: string) =>
      request(ctx.app)
        .post(`/staff/applications/${maria.id}/reply`)
        .set('Cookie', cookie)
        .type('form')
        .send({ answer: 'decline', version: '1' });
    expect((await office(reader)).status).toBe(403);
    const readerPage = await request(ctx.app).get(`/staff/applications/${maria.id}/reply`).set('Cookie', reader).expect(200);
    expect(readerPage.text).not.toContain('Record the reply');
    const lead = await staffCookie(ctx, LEAD);
    expect((await office(lead)).headers.location).toBe(`/staff/applications/${maria.id}/reply?done=reply`);
    expect((await ctx.db.knex('enrollment_replies').where({ user_id: maria.id }).first()).answer).toBe('decline');
    expect((await auditOf(ctx, maria.id, 'reply-recorded')).at(-1)).toEqual({
      by: LEAD,
      detail: { answer: 'decline', college: null, version: 2, by_office: true, after_reply_date: true },
    });
    expect((await eventsOf(ctx, maria.id)).at(-1)!.data.reply).toMatchObject({ answer: 'decline', replied_by: 'office', version: 2 });
    const now = await request(ctx.app).get('/completion').set('Cookie', maria.cookie).expect(200);
    expect(now.text).toContain('recorded by the Office of Admissions');
  });
});
