import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { axeViolations, describeE2E, launchBrowser } from '../helpers/browser.js';
import { startSmtpReceiver, type ReceivedMail } from '../helpers/smtp.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { TEST_TMP } from '../helpers/paths.js';
import { makePdf } from '../fixtures/documents.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { formDefinition } from '../../form/definition.js';
import { fieldsOf } from '../../form/fields.js';
import { displayValue } from '../../form/display.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { COUNSELOR_SUBJECT, DECISION_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';

/** Screenshots of each state at 390 CSS px, for people to look at (not asserted). */
const SHOTS = join(TEST_TMP, 'screenshots', 'after-submission');
const STAFF = 'officer@admissions.example.edu';

describeE2E('after submitting: the counselor, the checklist, the decision', () => {
  let ctx: TestContext;
  let app: Server;
  let base: string;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let key: string;

  beforeAll(async () => {
    await loadVikeBuild();
    mkdirSync(SHOTS, { recursive: true });
    smtp = await startSmtpReceiver();
    // Jobs run in this process (e-mails, conversions), mailing the real SMTP receiver.
    ctx = await createTestApp({ queue: 'workers', env: { SMTP_URL: smtp.url, STAFF_EMAILS: STAFF } });
    app = ctx.app.listen(0, '127.0.0.1');
    await new Promise((r) => app.once('listening', r));
    base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    // The links in e-mails point at this server.
    ctx.config.publicUrl = base;
    const created = await runClientCommand(ctx.db.knex, { action: 'create', name: 'crm' }, ctx.services.now());
    if (!created.ok) throw new Error(created.message);
    key = created.lines[1]!;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    app?.close();
    await ctx?.close();
    await smtp?.close();
  });

  async function applicantContext(user: TestUser, javaScriptEnabled = true): Promise<BrowserContext> {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const [name, value] = user.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base }]);
    return context;
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }

  async function expectAxeClean(page: Page): Promise<void> {
    expect(await axeViolations(page)).toEqual([]);
  }

  function linkIn(mail: ReceivedMail): string {
    const match = /(http:\/\/\S+\/counselor\/[A-Za-z0-9_-]{43})/.exec(mail.text);
    if (!match) throw new Error(`no counselor link in: ${mail.text}`);
    return match[1]!;
  }

  /** Reloads the counselor page until the conversion has checked the file (the page offers a "Check again" link). */
  async function untilReceived(page: Page): Promise<void> {
    for (let i = 0; i < 120; i++) {
      if ((await page.locator('h1').textContent()) === 'Transcript received') return;
      await page.waitForTimeout(250);
      await page.reload();
    }
    throw new Error(`the transcript was not received: ${await page.locator('main').textContent()}`);
  }

  for (const scripts of [false, true]) {
    it(`the counselor gets one e-mail, sends the PDF from its link (scripts ${scripts ? 'on' : 'off'}), the applicant sees it received, and reminders stop`, async () => {
      const counselor = `counselor-${scripts ? 'js' : 'nojs'}@alta.example.org`;
      const user = await createLoggedInUser(ctx);
      await submitAs(ctx, user.cookie, {
        ...COMPLETE_ANSWERS,
        counselor_first_name: 'Pat',
        counselor_last_name: 'Jones',
        counselor_email_address: counselor,
      });

      const mail = await smtp.waitFor((m) => m.to.includes(counselor), 30_000);
      expect(mail.subject).toBe(COUNSELOR_SUBJECT);
      expect(mail.text).toContain('Alta High School');
      expect(mail.html).toContain('/counselor/');

      // The counselor's browser: no account, no cookies.
      const counselorContext = await browser.newContext({ javaScriptEnabled: scripts, viewport: { width: 390, height: 844 } });
      const page = await counselorContext.newPage();
      await page.goto(linkIn(mail));
      expect(await page.locator('h1').textContent()).toBe('Send a high school transcript');
      expect(await page.locator('main').textContent()).toContain('Maria Lopez');
      if (scripts) {
        await expectAxeClean(page);
        await shot(page, 'counselor-page');
      }
      // "This is not my student" is a secondary action that asks first (issue 38); going back leaves the link live.
      await page.getByRole('button', { name: 'This is not my student' }).click();
      expect(await page.locator('h1').textContent()).toBe('Is this not your student?');
      expect(await page.locator('main').textContent()).toContain('Are you sure Maria Lopez is not your student?');
      if (scripts) {
        await expectAxeClean(page);
        await shot(page, 'counselor-not-my-student-confirm');
      }
      await page.getByRole('link', { name: 'No, go back' }).click();
      expect(await page.locator('h1').textContent()).toBe('Send a high school transcript');
      await page.locator('#transcript').setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) });
      await page.getByRole('button', { name: 'Send the transcript' }).click();
      await untilReceived(page);
      if (scripts) {
        await expectAxeClean(page);
        await shot(page, 'counselor-received');
      }
      await counselorContext.close();

      const applicant = await applicantContext(user, scripts);
      const completion = await applicant.newPage();
      await completion.goto(`${base}/completion`);
      expect(await completion.locator('.checklist').textContent()).toContain('Received from your counselor on ');
      if (scripts) {
        await expectAxeClean(completion);
        await shot(completion, 'completion-transcript-received');
      }
      await applicant.close();

      // The reminders' days come: they find the transcript here and send nothing.
      const requested = await ctx.db.knex('counselor_requests').where({ user_id: user.id }).first();
      const reminders = (
        await ctx.db.knex.raw(`select data from pgboss.job where name = ? and data->>'requestId' = ? and (data->>'reminder')::int > 0`, [
          AFTER_SUBMISSION_MAIL_QUEUE,
          String(requested.id),
        ])
      ).rows as Array<{ data: AfterSubmissionMailJob }>;
      const mine = reminders.map((r) => r.data);
      expect(mine).toHaveLength(2);
      for (const data of mine) expect(await sendAfterSubmissionMail(ctx.services, data)).toBe('skipped');
      expect(smtp.messages.filter((m) => m.to.includes(counselor))).toHaveLength(1);
    }, 120_000);
  }

  it('the counselor who says "not my student" confirms it first; the dead link and the error pages pass axe on a phone', async () => {
    const counselor = 'not-mine@alta.example.org';
    const user = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, {
      ...COMPLETE_ANSWERS,
      counselor_first_name: 'Pat',
      counselor_last_name: 'Jones',
      counselor_email_address: counselor,
    });
    const link = linkIn(await smtp.waitFor((m) => m.to.includes(counselor), 30_000));
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto(link);
    await page.getByRole('button', { name: 'This is not my student' }).click();
    await page.getByRole('button', { name: 'Yes, this is not my student' }).click();
    expect(await page.locator('h1').textContent()).toBe('Thank you for telling us');
    expect(await page.locator('main').textContent()).not.toContain('Maria');
    await expectAxeClean(page);
    await shot(page, 'counselor-not-my-student-done');
    expect((await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first()).not_my_student_at).not.toBeNull();

    expect((await page.goto(`${base}/counselor/not-a-token`))!.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('This link does not work');
    await expectAxeClean(page);
    await shot(page, 'counselor-unknown-link');

    // The applicant's site's notice (pages/notice): the same page as the generic error screen.
    expect((await page.goto(`${base}/about?service_token=invalid`))!.status()).toBe(410);
    expect(await page.locator('h1').textContent()).toBe('Staff links have moved to the staff desk');
    await expectAxeClean(page);
    await shot(page, 'notice-page');
    await phone.close();
  }, 120_000);

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
