import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import type { TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { describeE2E } from '../helpers/browser.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { counselorToken } from '../../domain/after-submission/checklist.server.js';
import { recommendationToken } from '../../domain/recommendations/recommendation-common.server.js';
import {
  STAFF,
  applicantContext,
  expectAxeClean,
  linkIn,
  startAfterSubmissionStack,
  stopAfterSubmissionStack,
  type AfterSubmissionStack,
} from './after-submission-helpers.js';
import { inviteTeacher, recShot, teacherLinkIn, until } from './recommendations-helpers.js';
import { axeViolationsWithoutJs } from './no-js-helpers.js';

describeE2E('issue 39: an address whose mail server refuses our e-mail for good', () => {
  let ctx: TestContext;
  let app: Server;
  let base: string;
  let browser: Browser;
  let smtp: AfterSubmissionStack['smtp'];

  beforeAll(async () => {
    ({ ctx, app, base, browser, smtp } = await startAfterSubmissionStack());
  }, 120_000);

  afterAll(() => stopAfterSubmissionStack({ browser, app, ctx, smtp }));

  it('a refused teacher address shows on the checklist; a corrected one gets a new link and the old one dies', async () => {
    smtp.refuse('gone@alta.example.org');
    const user = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, COMPLETE_ANSWERS);
    const applicant = await applicantContext(browser, base, user, false);
    const page = await applicant.newPage();
    await page.goto(`${base}/completion#recommendations`);
    await page.getByLabel('No, I do not waive my right to read the letters').check();
    await page.getByRole('button', { name: 'Save my answer' }).click();
    await inviteTeacher(page, 1, { name: 'Ana Rivera', email: 'gone@alta.example.org', subject: 'Chemistry' });
    const knex = ctx.db.knex;
    await until(async () => Boolean((await knex('recommendations').where({ user_id: user.id }).first())?.refused_at), 'the refusal');
    expect(smtp.refused).toContain('gone@alta.example.org');
    const old = await knex('recommendations').where({ user_id: user.id }).first();
    expect(old.refused_reply).toMatch(/^550/);

    await page.goto(`${base}/completion#recommendations`);
    const item = page.locator('[data-recommender="1"]');
    expect(await item.getAttribute('data-state')).toBe('refused');
    expect(await item.textContent()).toContain('This address did not accept our e-mail');
    expect(await page.locator('legend', { hasText: 'First teacher: give another address' }).count()).toBe(1);
    expect(await axeViolationsWithoutJs(page)).toEqual([]);
    await recShot(page, 'completion-recommender-refused-390');

    // The corrected address: a new invitation and link; the old link is void.
    await page.locator('#rec-1-email').fill('ana.rivera@alta.example.org');
    await page.locator('form:has(#rec-1-name) button[type=submit]').click();
    expect(await page.locator('[data-recommender="1"]').getAttribute('data-state')).toBe('invited');
    const mail = await smtp.waitFor((m) => m.to.includes('ana.rivera@alta.example.org'), 30_000);
    const teacher = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    expect((await teacher.goto(teacherLinkIn(mail)))!.status()).toBe(200);
    const oldLink = `${base}/recommend/${recommendationToken(ctx.config.sessionSecret, old.salt)}`;
    expect((await teacher.goto(oldLink))!.status()).toBe(410);
    expect(await teacher.locator('main').textContent()).not.toContain('Maria');
    await teacher.context().close();
    await applicant.close();
  }, 120_000);

  it('a refused counselor address shows on the checklist and at the desk; a corrected one sends a new link and voids the old', async () => {
    smtp.refuse('gone-counselor@alta.example.org');
    const user = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, counselor_email_address: 'gone-counselor@alta.example.org' });
    const knex = ctx.db.knex;
    await until(async () => Boolean((await knex('counselor_requests').where({ user_id: user.id }).first())?.refused_at), 'the refusal');
    const old = await knex('counselor_requests').where({ user_id: user.id }).first();
    // The reminders of a refused address send nothing.
    for (const reminder of [1, 2] as const)
      expect(await sendAfterSubmissionMail(ctx.services, { kind: 'counselor', requestId: String(old.id), reminder })).toBe('skipped');
    expect(smtp.refused.filter((a) => a === 'gone-counselor@alta.example.org')).toHaveLength(1);

    // The desk says so too.
    const [name, value] = (await staffCookie(ctx, STAFF)).split('=') as [string, string];
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await desk.addCookies([{ name, value, domain: '127.0.0.1', path: '/staff' }]);
    const deskPage = await desk.newPage();
    await deskPage.goto(`${base}/staff/applications/${user.id}/checklist`);
    expect(await deskPage.locator('main').textContent()).toContain(
      'gone-counselor@alta.example.org: This address did not accept our e-mail',
    );
    // No "send again" to an address that refuses our e-mail.
    expect(await deskPage.getByRole('button', { name: /Send the request to/ }).count()).toBe(0);
    await expectAxeClean(deskPage);
    await recShot(deskPage, 'staff-checklist-counselor-refused-1280');
    await desk.close();

    const applicant = await applicantContext(browser, base, user, true);
    const page = await applicant.newPage();
    await page.goto(`${base}/completion`);
    expect(await page.locator('.checklist').textContent()).toContain('This address did not accept our e-mail');
    await expectAxeClean(page);
    await recShot(page, 'completion-counselor-refused-390');
    await page.locator('#counselor_email').fill('pat.jones@alta.example.org');
    await page.getByRole('button', { name: 'Send the request again' }).click();
    const mail = await smtp.waitFor((m) => m.to.includes('pat.jones@alta.example.org'), 30_000);
    await page.goto(`${base}/completion`);
    expect(await page.locator('.checklist').textContent()).not.toContain('did not accept');
    const counselor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    expect((await counselor.goto(linkIn(mail)))!.status()).toBe(200);
    expect((await counselor.goto(`${base}/counselor/${counselorToken(ctx.config.sessionSecret, old.salt)}`))!.status()).toBe(410);
    await counselor.context().close();
    await applicant.close();
  }, 120_000);
});
