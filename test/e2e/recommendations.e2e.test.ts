import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import request from 'supertest';
import type { Browser } from 'playwright-core';
import type { TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { describeE2E } from '../helpers/browser.js';
import { staffCookie } from '../helpers/staff.js';
import { makePdf } from '../fixtures/documents.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { RECOMMENDATION_SUBJECT } from '../../domain/mail/recommendation-mail.server.js';
import {
  STAFF,
  applicantContext,
  expectAxeClean,
  startAfterSubmissionStack,
  stopAfterSubmissionStack,
  type AfterSubmissionStack,
} from './after-submission-helpers.js';
import { inviteTeacher, recShot, teacherLinkIn, untilLetterReceived } from './recommendations-helpers.js';
import { axeViolationsWithoutJs } from './no-js-helpers.js';

describeE2E('issue 39: teachers recommend an applicant through a link, or decline', () => {
  let ctx: TestContext;
  let app: Server;
  let base: string;
  let browser: Browser;
  let smtp: AfterSubmissionStack['smtp'];

  beforeAll(async () => {
    ({ ctx, app, base, browser, smtp } = await startAfterSubmissionStack({ STAFF_ROLES: `lead=${STAFF}` }));
  }, 120_000);

  afterAll(() => stopAfterSubmissionStack({ browser, app, ctx, smtp }));

  it('an invited teacher sends a PDF (scripts off), another declines; the applicant sees states, never the letter; staff read it', async () => {
    // Before submitting: a fresh applicant invites from /recommendations (linked from Final steps), without scripts.
    const early = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', early.cookie).send(COMPLETE_ANSWERS).expect(200);
    const applicant = await applicantContext(browser, base, early, false);
    const page = await applicant.newPage();
    await page.goto(`${base}/final-steps`);
    expect(await axeViolationsWithoutJs(page)).toEqual([]);
    await page.getByRole('link', { name: 'Invite your teachers' }).click();
    expect(new URL(page.url()).pathname).toBe('/recommendations');
    await page.getByLabel('Yes, I waive my right to read the letters').check();
    await page.getByRole('button', { name: 'Save my answer' }).click();
    expect(await page.locator('#recommendations [role=status]').textContent()).toBe('Your answer is saved.');
    await inviteTeacher(page, 1, { name: 'Ana Rivera', email: 'rivera@alta.example.org', subject: 'Chemistry' });
    expect(await page.locator('#recommendations').textContent()).toContain('We e-mailed your teacher the invitation.');
    expect(await page.locator('[data-recommender="1"]').textContent()).toMatch(/Invited on /);
    expect(await axeViolationsWithoutJs(page)).toEqual([]);
    await recShot(page, 'applicant-form-invited-390');

    const mail = await smtp.waitFor((m) => m.to.includes('rivera@alta.example.org'), 30_000);
    expect(mail.subject).toBe(RECOMMENDATION_SUBJECT);
    expect(mail.text).toContain('has waived their right to read this letter');

    // The teacher: no account, no scripts, a phone.
    const teacherContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const teacher = await teacherContext.newPage();
    await teacher.goto(teacherLinkIn(mail));
    expect(await teacher.locator('h1').textContent()).toBe('Send a letter of recommendation');
    expect(await teacher.locator('main').textContent()).toContain('Maria Lopez');
    expect(await axeViolationsWithoutJs(teacher)).toEqual([]);
    await recShot(teacher, 'teacher-page-390');
    await page.goto(`${base}/recommendations`);
    expect(await page.locator('[data-recommender="1"]').textContent()).toMatch(/opened our e-mail’s link on /);
    await recShot(page, 'applicant-recommender-opened-390');
    await teacher
      .locator('#letter')
      .setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: await makePdf(1, 'Letter for Maria') });
    await teacher.getByRole('button', { name: 'Send the letter file' }).click();
    await untilLetterReceived(teacher);
    expect(await axeViolationsWithoutJs(teacher)).toEqual([]);
    await recShot(teacher, 'teacher-received-390');
    await teacherContext.close();

    // The applicant (opened, then received) submits; the checklist on /completion says received.
    await page.goto(`${base}/recommendations`);
    expect(await page.locator('[data-recommender="1"]').getAttribute('data-state')).toBe('received');
    await request(ctx.app).post('/api/submit').set('Cookie', early.cookie).expect(200);
    await page.goto(`${base}/completion`);
    const section = page.locator('#recommendations');
    expect(await section.locator('[data-recommender="1"]').textContent()).toMatch(/Letter received on /);

    // A second teacher, invited from /completion, declines with a reason (the confirmation first).
    await inviteTeacher(page, 2, { name: 'Ben Okafor', email: 'okafor@alta.example.org', subject: 'History' });
    const second = await smtp.waitFor((m) => m.to.includes('okafor@alta.example.org'), 30_000);
    const declining = await (await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })).newPage();
    await declining.goto(teacherLinkIn(second));
    await declining.getByRole('button', { name: 'I cannot write this letter' }).click();
    expect(await declining.locator('h1').textContent()).toBe('Decline this recommendation?');
    expect(await axeViolationsWithoutJs(declining)).toEqual([]);
    await recShot(declining, 'teacher-decline-confirm-390');
    await declining.locator('#reason').fill('I have not taught Maria this year.');
    await declining.getByRole('button', { name: 'Yes, decline' }).click();
    expect(await declining.locator('h1').textContent()).toBe('Thank you for telling us');
    expect(await declining.locator('main').textContent()).not.toContain('Maria');
    await declining.context().close();

    await page.goto(`${base}/completion`);
    const declined = await page.locator('[data-recommender="2"]').textContent();
    expect(declined).toMatch(/Declined on /);
    expect(declined).toContain('I have not taught Maria this year.');
    expect(await page.locator('body').textContent()).not.toContain('Letter for Maria');
    await recShot(page, 'completion-checklist-received-declined-390');
    await applicant.close();

    // Axe and keyboard, with scripts on, on the applicant's page and the teacher's dead link.
    const checked = await applicantContext(browser, base, early, true);
    const scripted = await checked.newPage();
    await scripted.goto(`${base}/completion#recommendations`);
    await expectAxeClean(scripted);
    await scripted.locator('#rec-2-name').focus();
    await scripted.keyboard.press('Tab');
    expect(await scripted.evaluate(() => document.activeElement?.id)).toBe('rec-2-email');
    await scripted.goto(teacherLinkIn(second));
    expect(await scripted.locator('h1').textContent()).toBe('Thank you for telling us');
    await expectAxeClean(scripted);
    await checked.close();

    // Staff (a lead) open the letter in the reader view: a framed PDF.
    const [name, value] = (await staffCookie(ctx, STAFF)).split('=') as [string, string];
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await desk.addCookies([{ name, value, domain: '127.0.0.1', path: '/staff' }]);
    const reader = await desk.newPage();
    await reader.goto(`${base}/staff/queue/${early.id}`);
    expect(await reader.locator('.documents').textContent()).toContain('Recommendation from Ana Rivera (Chemistry)');
    const frame = reader.locator('iframe#document');
    expect(await frame.getAttribute('title')).toContain('Recommendation from Ana Rivera');
    const pdf = await reader.request.get(`${base}${await frame.getAttribute('src')}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await expectAxeClean(reader);
    await recShot(reader, 'staff-reader-letter-1280');
    await reader.goto(`${base}/staff/applications/${early.id}/checklist`);
    expect(await reader.locator('main').textContent()).toContain('Teacher 2: Ben Okafor (History), okafor@alta.example.org: declined');
    await expectAxeClean(reader);
    await recShot(reader, 'staff-checklist-recommendations-1280');
    await desk.close();
    const audited = await ctx.db.knex('staff_audit').where({ user_id: early.id, action: 'download-document' });
    expect(audited.some((a) => JSON.stringify(a.detail).includes('recommendation-letter-'))).toBe(true);
  }, 180_000);
});
