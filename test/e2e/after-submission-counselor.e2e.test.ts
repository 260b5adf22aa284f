import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import type { TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { describeE2E } from '../helpers/browser.js';
import { submitAs } from '../helpers/staff.js';
import { makePdf } from '../fixtures/documents.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { COUNSELOR_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';
import {
  applicantContext as newApplicantContext,
  expectAxeClean,
  linkIn,
  shot,
  startAfterSubmissionStack,
  stopAfterSubmissionStack,
  untilReceived,
  type AfterSubmissionStack,
} from './after-submission-helpers.js';

describeE2E('after submitting: the counselor, the checklist, the decision', () => {
  let ctx: TestContext;
  let app: Server;
  let base: string;
  let browser: Browser;
  let smtp: AfterSubmissionStack['smtp'];

  beforeAll(async () => {
    ({ ctx, app, base, browser, smtp } = await startAfterSubmissionStack());
  }, 120_000);

  afterAll(() => stopAfterSubmissionStack({ browser, app, ctx, smtp }));

  const applicantContext = (user: TestUser, javaScriptEnabled = true) => newApplicantContext(browser, base, user, javaScriptEnabled);

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
});
