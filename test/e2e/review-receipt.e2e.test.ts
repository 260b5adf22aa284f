import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations, describeE2E } from '../helpers/browser.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { TEST_TMP } from '../helpers/paths.js';
import type { ReceivedMail } from '../helpers/smtp.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { fieldsOf } from '../../form/fields.js';
import { call, createAccount, logIn, nextEmail } from './lifecycle-helpers.js';

let stack: E2EStack;

// One server (jobs inline: the PDF and the receipt), one Chromium, one SMTP receiver for the whole file.
beforeAll(async () => {
  stack = await startE2EStack('receipt', { WORKER: 'inline' });
}, 120_000);
afterAll(() => stopE2EStack(stack ?? {}));

async function submittedApplicant(tag: string, beforeSubmit?: () => Promise<void>) {
  const { browser, server, smtp } = stack;
  const email = nextEmail(tag);
  await createAccount(server, smtp, email);
  const context = await browser.newContext();
  await logIn(server, context, email);
  expect((await call(server, context, 'PUT', '/api/answer', COMPLETE_ANSWERS)).status).toBe(200);
  await beforeSubmit?.();
  const submitted = await call(server, context, 'POST', '/api/submit');
  expect(submitted.status).toBe(200);
  return { email, context, reference: submitted.body.reference as string };
}

const receiptsFor = (reference: string) => stack.smtp.messages.filter((m) => m.subject.includes(reference));

/** The application PDF attached to a receipt: its page count and text (poppler's pdfinfo and pdftotext). */
function attachedPdf(mail: ReceivedMail): { pages: number; text: string } {
  const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
  expect(pdf).toBeDefined();
  const file = join(mkdtempSync(join(TEST_TMP, 'receipt-')), pdf!.filename);
  writeFileSync(file, pdf!.content);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  return { pages, text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
}

/** Asks for the receipt again from /completion (the plain form, as without JavaScript) and waits for that e-mail. */
async function resendAndWait(context: Awaited<ReturnType<typeof submittedApplicant>>['context'], reference: string): Promise<void> {
  const before = receiptsFor(reference).length;
  const page = await context.newPage();
  await page.goto(`${stack.server.url}/completion`);
  await page.getByRole('button', { name: 'Send my receipt again' }).click();
  await page.waitForURL(/\/completion\?receipt=sent$/);
  expect(await page.getByRole('status').filter({ hasText: 'We are sending your receipt again' }).count()).toBe(1);
  await page.close();
  await stack.smtp.waitFor((m) => m.subject.includes(reference) && receiptsFor(reference).indexOf(m) >= before, 60_000);
}

describeE2E('review your application, then the receipt', () => {
  it('the review page lists every answer with Change links that land on the question, leaves out empty optional ones, passes axe, and submits', async () => {
    const { browser, server, smtp } = stack;
    const email = nextEmail('review');
    await createAccount(server, smtp, email);
    const context = await browser.newContext();
    await logIn(server, context, email);
    expect((await call(server, context, 'PUT', '/api/answer', { ...COMPLETE_ANSWERS, race_asian: true, race_white: true })).status).toBe(
      200,
    );
    // The last page is Final steps: the Change link to another page must still land there (§2 first-load rule).
    expect((await call(server, context, 'PUT', '/api/last-page', { last_page: '/final-steps' })).status).toBe(200);

    const page = await context.newPage();
    await page.goto(`${server.url}/review`);
    const shown = await page.$$eval('.readonly-field[data-key]', (fields) =>
      Object.fromEntries(
        fields.map((f) => [
          f.getAttribute('data-key'),
          {
            value: f.querySelector('.readonly-field__value')?.textContent,
            change: f.querySelector('a.review-field__change')?.getAttribute('href'),
          },
        ]),
      ),
    );
    // The CEEB code is read on the school's line ("Alta High School (Ceeb: 450010)"), not on one of its own.
    const answered = fieldsOf('all').filter(({ question }) => question.key in COMPLETE_ANSWERS && question.key !== 'hs_ceeb');
    expect(answered.length).toBeGreaterThan(15);
    for (const { question, page: pageId } of answered) {
      expect({ key: question.key, ...shown[question.key] }).toEqual({
        key: question.key,
        value: expect.not.stringMatching(/^—?$/),
        change: `/${pageId}#${question.key}`,
      });
    }
    expect(shown.hs_name!.value).toContain(`(Ceeb: ${String(COMPLETE_ANSWERS.hs_ceeb)})`);
    // A review that fits a phone (issue 26): empty optional answers are not listed, race is one line.
    expect(Object.keys(shown).filter((key) => !(key in COMPLETE_ANSWERS))).toEqual(['race_american_indian']);
    expect(shown.race_american_indian).toEqual({ value: 'Asian, White', change: '/about#race_american_indian' });
    expect(await axeViolations(page)).toEqual([]);
    // Reflows at 320 CSS px (DESIGN §6): nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // Keyboard: focus the Change link of a question on another page and press Enter.
    await page.locator('a[href="/education#applied_major"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/education#applied_major`);
    await page.waitForFunction(() => document.activeElement?.id === 'applied_major', undefined, { timeout: 20_000 });

    // The review ends with Final steps' Submit (with scripts too: a plain form): the same outcome, /completion.
    await page.goto(`${server.url}/review`);
    await Promise.all([page.waitForURL(`${server.url}/completion`), page.getByRole('button', { name: 'Submit', exact: true }).click()]);
    expect((await call(server, context, 'GET', '/api/profile')).body.submitted_at).toBeTruthy();
    await context.close();
  }, 60_000);

  it('submitting delivers one receipt with the reference and the application PDF (3+ pages, the name); the same reference everywhere', async () => {
    const { context, reference } = await submittedApplicant('receipt');
    expect(reference).toMatch(/^FA-[2-9A-HJ-NP-TV-Z]{6}$/);
    const mail = await stack.smtp.waitFor((m) => m.subject.includes(reference), 120_000);
    expect(mail.text).toContain(`Reference: ${reference}`);
    expect(mail.html).toContain(reference);
    const pdf = attachedPdf(mail);
    expect(pdf.pages).toBeGreaterThanOrEqual(3);
    expect(pdf.text).toContain('Maria');
    expect(pdf.text).toContain('Lopez');
    expect(pdf.text).toContain(reference);

    const page = await context.newPage();
    await page.goto(`${stack.server.url}/completion`);
    expect(await page.locator('[data-reference]').textContent()).toBe(reference);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();

    // A resend is a second e-mail; the submission's own receipt was sent once.
    await resendAndWait(context, reference);
    expect(receiptsFor(reference)).toHaveLength(2);
    await context.close();
  }, 180_000);

  it('with SMTP down during the submission, the receipt arrives once it is back, exactly once', async () => {
    const { smtp, server } = stack;
    const logged = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('receipt e-mail not sent yet')).length;
    const failuresBefore = logged();
    const { context, reference } = await submittedApplicant('outage', () => smtp.close());
    try {
      // Wait for the first failed attempt (the receipt waits for the PDF first), then bring SMTP back.
      const deadline = Date.now() + 120_000;
      while (logged() === failuresBefore) {
        if (Date.now() > deadline) throw new Error('the receipt was never attempted while SMTP was down');
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(receiptsFor(reference)).toHaveLength(0);
    } finally {
      await smtp.reopen();
    }
    const mail = await smtp.waitFor((m) => m.subject.includes(reference), 120_000);
    expect(attachedPdf(mail).text).toContain(reference);
    await resendAndWait(context, reference);
    expect(receiptsFor(reference)).toHaveLength(2);
    await context.close();
  }, 300_000);
});
