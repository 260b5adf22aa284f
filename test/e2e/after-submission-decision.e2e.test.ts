import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import request from 'supertest';
import type { Browser } from 'playwright-core';
import type { TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { describeE2E } from '../helpers/browser.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { formDefinition } from '../../form/definition.js';
import { fieldsOf } from '../../form/fields.js';
import { displayValue } from '../../form/display.js';
import { DECISION_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';
import {
  applicantContext as newApplicantContext,
  expectAxeClean,
  shot,
  STAFF,
  startAfterSubmissionStack,
  stopAfterSubmissionStack,
  type AfterSubmissionStack,
} from './after-submission-helpers.js';

describeE2E('after submitting: the counselor, the checklist, the decision', () => {
  let ctx: TestContext;
  let app: Server;
  let base: string;
  let browser: Browser;
  let smtp: AfterSubmissionStack['smtp'];
  let key: string;

  beforeAll(async () => {
    ({ ctx, app, base, browser, smtp, key } = await startAfterSubmissionStack());
  }, 120_000);

  afterAll(() => stopAfterSubmissionStack({ browser, app, ctx, smtp }));

  const applicantContext = (user: TestUser, javaScriptEnabled = true) => newApplicantContext(browser, base, user, javaScriptEnabled);

  it('/completion in each state passes axe; the counselor form works without scripts; the CRM records and releases a decision; one e-mail; the applicant reads it', async () => {
    const user = await createLoggedInUser(ctx);
    const { body } = await request(ctx.app)
      .put('/api/answer')
      .set('Cookie', user.cookie)
      .send(COMPLETE_ANSWERS)
      .expect(200)
      .then(() => request(ctx.app).post('/api/submit').set('Cookie', user.cookie).expect(200));
    const reference = body.reference as string;

    // No counselor e-mail: the checklist asks for one.
    const noScripts = await applicantContext(user, false);
    const plain = await noScripts.newPage();
    await plain.goto(`${base}/completion`);
    expect(await plain.locator('.checklist').textContent()).toContain('We need your counselor’s e-mail address.');
    await plain.locator('#counselor_email').fill('not-an-address');
    await plain.getByRole('button', { name: 'Send the request' }).click();
    expect(await plain.locator('#counselor_email-error').textContent()).toContain('Enter your counselor’s e-mail address');
    await plain.locator('#counselor_email').fill('helper@alta.example.org');
    await plain.getByRole('button', { name: 'Send the request' }).click();
    expect(await plain.getByRole('status').filter({ hasText: 'We sent the transcript request to helper@alta.example.org.' }).count()).toBe(
      1,
    );
    await noScripts.close();
    await smtp.waitFor((m) => m.to.includes('helper@alta.example.org'), 30_000);

    const applicant = await applicantContext(user);
    const page = await applicant.newPage();
    await page.goto(`${base}/completion`);
    expect(await page.locator('.checklist').textContent()).toContain('Requested from helper@alta.example.org on ');
    await expectAxeClean(page);
    await shot(page, 'completion-requested');
    await page.goto(`${base}/completion?counselor=invalid`);
    await expectAxeClean(page);
    await shot(page, 'completion-invalid-email');

    // The CRM: the transcript arrived on paper, then a decision with a letter, released.
    const put = (path: string, data: object) =>
      request(ctx.app).put(`/integration/v1/applications/${reference}${path}`).set('Authorization', `Bearer ${key}`).send(data);
    expect((await put('/checklist/transcript', { status: 'received' })).status).toBe(200);
    await page.goto(`${base}/completion`);
    expect(await page.locator('.checklist').textContent()).toContain('Received by the Office of Admissions on ');
    expect(await page.locator('.checklist').textContent()).toMatch(/Expected by [A-Z]/);
    await expectAxeClean(page);
    await shot(page, 'completion-received-decision-expected');

    const letter = 'Dear Maria,\n\nIt is a pleasure to offer you admission to the class entering in fall 2026.\n\nThe Office of Admissions';
    expect((await put('/decision', { decision: 'admit', letter })).status).toBe(200);
    await page.goto(`${base}/completion`);
    expect(await page.locator('#decision').count()).toBe(0);
    expect((await put('/decision', { decision: 'admit', letter, release: true })).status).toBe(200);
    expect((await put('/decision', { decision: 'admit', letter, release: true })).body.changed).toBe(false);

    const update = await smtp.waitFor((m) => m.to.includes(user.username) && m.subject === DECISION_SUBJECT, 30_000);
    expect(update.text).toContain(`${base}/login`);
    expect(update.text.toLowerCase()).not.toMatch(/admi(t|ssion to)|pleasure|offer/);
    await page.goto(`${base}/completion`);
    expect(await page.locator('#decision').textContent()).toContain('Congratulations! You are admitted.');
    expect(await page.locator('.completion__letter').textContent()).toBe(letter);
    await expectAxeClean(page);
    await shot(page, 'completion-decision-ready');
    await page.getByRole('link', { name: 'Open the letter for printing' }).click();
    await page.waitForURL(/view=letter/);
    await expectAxeClean(page);
    await shot(page, 'completion-letter');
    // Nothing more was sent to the applicant about the decision, however often the CRM repeats itself.
    expect(smtp.messages.filter((m) => m.to.includes(user.username) && m.subject === DECISION_SUBJECT)).toHaveLength(1);
    await applicant.close();
  }, 120_000);

  it('an officer finds the applicant at /staff, records and releases a decision with a letter; the applicant gets one e-mail and reads it', async () => {
    const user = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, first_name: 'Maya', last_name: 'Christensen' });
    const cookie = await staffCookie(ctx, STAFF);
    const [name, value] = cookie.split('=') as [string, string];
    const desk = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await desk.addCookies([{ name, value, domain: '127.0.0.1', path: '/staff' }]);
    const page = await desk.newPage();
    await page.goto(`${base}/staff`);
    await page.locator('#q').fill('Christensen, Maya');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // The application page, in the staff session: an answer from each of the three pages, then its checklist.
    await page.getByRole('link', { name: 'View the application of Christensen, Maya' }).click();
    expect(await page.locator('h1').first().textContent()).toContain('Maya Christensen');
    const answers: Record<string, string | boolean> = { ...COMPLETE_ANSWERS, first_name: 'Maya', last_name: 'Christensen' };
    for (const formPage of formDefinition().pages) {
      const shown = fieldsOf(formPage.id).find(
        (f) => ['text', 'select', 'radio'].includes(f.question.kind) && typeof answers[f.question.key] === 'string',
      );
      expect([formPage.id, Boolean(shown)]).toEqual([formPage.id, true]);
      const text = await page.locator(`.readonly-page[data-page="${formPage.id}"]`).textContent();
      expect([formPage.id, text]).toEqual([formPage.id, expect.stringContaining(displayValue(shown!.question, answers))]);
    }
    await expectAxeClean(page);
    // The office works at a desk: the checklist and the batch release are checked at 1280 px.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Transcript checklist and decision' }).click();
    expect(await page.locator('h1').textContent()).toContain('Maya Christensen');
    expect(await page.locator('main').textContent()).toMatch(/transcript/i);
    await expectAxeClean(page);
    await shot(page, 'staff-checklist');
    await page.getByLabel('Admit').check();
    await page.getByLabel(/^Letter/).fill('Dear Maya,\n\nWelcome to the university.');
    await page.getByLabel(/^Release it now/).check();
    await page.getByRole('button', { name: 'Record the decision' }).click();
    expect(await page.getByRole('status').textContent()).toContain('The decision is released.');
    expect(await page.locator('main').textContent()).toContain('Admit, released');
    await expectAxeClean(page);
    await shot(page, 'staff-checklist-released');
    // The batch release asks first, here with nothing left to release.
    await page.goto(`${base}/staff?q=${encodeURIComponent('Christensen, Maya')}`);
    await page.getByRole('button', { name: 'Release the recorded decisions of these applications' }).click();
    expect(await page.locator('h1').textContent()).toBe('Release decisions');
    await expectAxeClean(page);
    await shot(page, 'staff-release-preview');
    await desk.close();

    const update = await smtp.waitFor((m) => m.to.includes(user.username) && m.subject === DECISION_SUBJECT, 30_000);
    expect(update.text).not.toContain('Welcome to the university');
    const applicant = await applicantContext(user, false);
    const status = await applicant.newPage();
    await status.goto(`${base}/completion`);
    expect(await status.locator('#decision').textContent()).toContain('Congratulations! You are admitted.');
    expect(await status.locator('.completion__letter').textContent()).toBe('Dear Maya,\n\nWelcome to the university.');
    await applicant.close();
    expect(smtp.messages.filter((m) => m.to.includes(user.username) && m.subject === DECISION_SUBJECT)).toHaveLength(1);
  }, 120_000);
});
