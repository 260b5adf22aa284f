import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeE2E } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { TEST_TMP } from '../helpers/paths.js';
import { makePdf } from '../fixtures/documents.js';
import { SUMMARY_HEADING } from '../../islands/form/ErrorSummary.js';
import { CONFLICT_MESSAGE } from '../../server/application/routes.server.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';
import { PASSWORD, call, createAccount, logIn, nextEmail } from './lifecycle-helpers.js';
import { axeViolationsWithoutJs, flashText, logInWithoutJs, noJsPage, signUpWithoutJs } from './no-js-helpers.js';
import { ACCOUNT_DATA_PATH, ACCOUNT_MESSAGES } from '../../contracts/account.js';

/**
 * DESIGN §6: with JavaScript disabled in Chromium the whole application works as plain HTML forms — every form
 * page saves and moves on through POST, conditional questions appear after "Update", add-another, tabs and
 * uploads are submit buttons and multipart forms, and /completion links the PDF. No page has an axe violation.
 */
let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('no-js', { WORKER: 'inline' }));
}, 120_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

/** A browser context with scripts off that is logged in (the cookie comes from the login call, as a form would set it). */
async function studentWithoutScripts(tag: string): Promise<{ context: BrowserContext; email: string }> {
  const email = nextEmail(tag);
  await createAccount(server, smtp, email);
  const context = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true });
  await logIn(server, context, email);
  return { context, email };
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolationsWithoutJs(page)).toEqual([]);
}

/** Waits for the server (and its inline worker) to log a line matching `pattern`. */
async function serverSaid(pattern: RegExp, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`the server never logged ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Presses a submit button and waits for the page the server answers with (a redirect or the page again). */
async function press(page: Page, name: string | RegExp): Promise<void> {
  await Promise.all([
    page.waitForNavigation(),
    page
      .getByRole('button', { name, exact: typeof name === 'string' })
      .first()
      .click(),
  ]);
}

describeE2E('the application without JavaScript', () => {
  it("shows the account's actions in the header instead of an 'Account' button that could never open", async () => {
    const { context, page } = await noJsPage(browser, server.url);
    await page.goto('/about');
    await expect(page.getByRole('button', { name: 'Account', exact: true }).isVisible()).resolves.toBe(false);
    // On a form page they post the page (what was typed comes along), so they are buttons.
    await expect(page.getByRole('button', { name: 'Sign In' }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Create Account' }).first().isVisible()).resolves.toBe(true);
    await context.close();
    // With scripts, the button is there (and the noscript actions are not).
    const scripted = await browser.newPage({ baseURL: server.url });
    await scripted.goto('/about');
    await expect(scripted.getByRole('button', { name: 'Account', exact: true }).isVisible()).resolves.toBe(true);
    await scripted.context().close();
  });

  it('types before signing up, signs up from the banner, confirms, logs in to the answers typed, fills the three pages (correcting a malformed answer), searches a school, uploads a transcript, reviews, submits from the review and downloads the PDF', async () => {
    const { context, page } = await noJsPage(browser, server.url);
    const email = nextEmail('nojs');
    // §2: answers typed before signing up come along; the banner's "create an account" posts them (issue 26).
    await page.goto('/about');
    await page.fill('#first_name', 'Maria');
    await page.fill('#last_name', 'Lopez');
    await page.check('#race_asian');
    await page.check('#race_white');
    await Promise.all([page.waitForURL('**/signup'), page.locator('.greeting').getByRole('button', { name: 'create an account' }).click()]);
    // The account pages as plain forms (helpers shared with the accounts' no-JS test), each checked by axe.
    await signUpWithoutJs(page, smtp, email, PASSWORD, (p) => expectNoAxeViolations(p));
    await expectNoAxeViolations(page);
    await logInWithoutJs(page, email, PASSWORD);
    expect(new URL(page.url()).pathname).toBe('/about');
    await expectNoAxeViolations(page);
    // Saved in the account (the profile is the account's, not this browser's).
    expect(await page.inputValue('#first_name')).toBe('Maria');
    expect((await call(server, context, 'GET', '/api/profile')).body.answer).toMatchObject({
      first_name: 'Maria',
      last_name: 'Lopez',
      race_asian: true,
      race_white: true,
    });

    // About you, with a phone number short of its digits.
    await page.fill('#birth_date', '2008-04-03');
    await page.check('#gender');
    await page.fill('#phone_mobile', '801555');
    await page.fill('#address_line_1', '281 W Warner Rd');
    await page.fill('#city', 'Sandy');
    await page.selectOption('#country', 'US');
    await page.selectOption('#state', 'UT');
    await page.fill('#zip', '84070');
    await press(page, 'Continue');

    // The page comes back with the summary and the field's own message, and everything typed still there.
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.locator('.error-summary').textContent()).toContain(SUMMARY_HEADING);
    const summaryLink = page.locator('.error-summary a[href="/about#phone_mobile"]');
    expect(await summaryLink.count()).toBe(1);
    expect(await page.locator('#phone_mobile').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#phone_mobile-error').textContent()).not.toBe('');
    expect(await page.inputValue('#first_name')).toBe('Maria');
    expect(await page.inputValue('#phone_mobile')).toBe('(801) 555');
    await expectNoAxeViolations(page);

    // Utah residents are asked more once the state is saved: Update shows the questions that follow.
    await page.fill('#phone_mobile', '801 555 0123');
    await press(page, /^Update the questions that follow from: State/);
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.locator('.error-summary').count()).toBe(0);
    expect(await page.inputValue('#phone_mobile')).toBe('(801) 555-0123');
    await page.check('#state_legal_residency');
    await page.check('#state_driver_license');
    await page.check('#free_lunch--N');
    await page.check('#parent_communication_preference');
    await press(page, 'Update the questions that follow from: To whom should we send information?');
    await page.fill('#parent_email_address', 'parent@example.com');
    await page.fill('#parent_phone', '8015550199');
    await press(page, 'Continue');

    // Your academics: a second high school, the upload tab and a PDF transcript.
    expect(new URL(page.url()).pathname).toBe('/education');
    await expectNoAxeViolations(page);
    await page.selectOption('#entry_term', { index: 1 });
    await page.selectOption('#applied_major', { index: 1 });
    // The school search without scripts: Search lists the matches (a GET), choosing one fills the block.
    await page.fill('#hs_name', 'Alta');
    await press(page, /^Search schools/);
    expect(new URL(page.url()).searchParams.get('lookup')).toBe('hs_name');
    await expectNoAxeViolations(page);
    await press(page, /^Choose Alta High School Sandy, UT/);
    expect(await page.inputValue('#hs_name')).toBe('Alta High School');
    expect(await page.inputValue('#hs_ceeb')).toMatch(/^\d{6}$/);
    expect(await page.inputValue('#hs_city')).toBe('Sandy');
    await press(page, 'Add another high school');
    expect(new URL(page.url()).hash).toBe('#high-schools-1-title');
    expect(await page.inputValue('#hs_name')).toBe('Alta High School');
    await page.fill('#hs_2_name', 'Jordan High School');
    await Promise.all([page.waitForNavigation(), page.getByRole('tab', { name: 'I will upload it now' }).click()]);
    expect(await page.inputValue('#hs_2_name')).toBe('Jordan High School');
    await press(page, /^Upload a file/);
    expect(new URL(page.url()).searchParams.get('upload')).toBe('transcript');
    await expectNoAxeViolations(page);
    const dir = mkdtempSync(join(TEST_TMP, 'no-js-'));
    const transcript = join(dir, 'transcript.pdf');
    writeFileSync(transcript, await makePdf(1));
    await page.setInputFiles('#transcript', transcript);
    await Promise.all([
      page.waitForURL(/\/education#transcript$/),
      page
        .getByRole('button', { name: /^Upload/ })
        .first()
        .click(),
    ]);
    // The status shows until converted; the refresh link is the way to see it change.
    // The page cannot change by itself: once the worker says the file is converted, the refresh link shows it.
    await serverSaid(/"msg":"document converted"/);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Refresh the status' }).click()]);
    expect(await page.locator('.upload__status').textContent()).toContain('was uploaded and converted to PDF.');
    await expectNoAxeViolations(page);
    await press(page, 'Continue');

    // Final steps: certify, review (the button saves the ticks first) and submit from the review.
    expect(new URL(page.url()).pathname).toBe('/final-steps');
    await expectNoAxeViolations(page);
    await page.check('#counselor_waiver_request');
    await page.check('#legal_agree');
    await press(page, 'Review your application');
    expect(new URL(page.url()).pathname).toBe('/review');
    // A review that fits a phone: no empty optional rows, race on one line.
    expect(await page.locator('.readonly-field__value').allInnerTexts()).not.toContain('—');
    expect(await page.locator('.readonly-field[data-key="middle_name"]').count()).toBe(0);
    expect(await page.locator('.readonly-field[data-key="race_american_indian"] .readonly-field__value').innerText()).toBe('Asian, White');
    expect(await page.locator('.readonly-field[data-key="legal_agree"] .readonly-field__value').innerText()).toBe('Yes');
    await expectNoAxeViolations(page);
    await press(page, 'Submit');
    expect(new URL(page.url()).pathname).toBe('/completion');
    await expectNoAxeViolations(page);

    // The PDF link appears once rendered (the page says to refresh meanwhile).
    const again = page.getByRole('link', { name: 'Refresh to check again' });
    if ((await again.count()) > 0) {
      await serverSaid(/"msg":"application PDF rendered"/);
      await Promise.all([page.waitForNavigation(), again.click()]);
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download your application (PDF)' }).click(),
    ]);
    const pdf = join(dir, 'application.pdf');
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Maria');
    expect(text).toContain('Lopez');
    expect(text).toContain('(801) 555-0123');
    expect(text).toContain('Alta High School');
    expect(text).toContain('Jordan High School');
    await context.close();
  }, 240_000);

  it('keeps what was typed when the session ended while the page was open, and restores it after login', async () => {
    const { context, email } = await studentWithoutScripts('nojs-expired');
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    // The session ends elsewhere (here: logged out through the API with the same cookie) while the page stays open.
    const session = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)!;
    expect(
      (await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { cookie: `${SESSION_COOKIE}=${session.value}` } })).status,
    ).toBe(200);
    await page.fill('#first_name', 'Ayesha');
    await page.fill('#last_name', 'Khan');
    await press(page, 'Continue');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.locator('.auth-flash').innerText()).toContain('Your session is invalid.');

    await logIn(server, context, email);
    await page.goto(`${server.url}/about`);
    expect(await page.inputValue('#first_name')).toBe('Ayesha');
    expect(await page.inputValue('#last_name')).toBe('Khan');
    const profile = await call(server, context, 'GET', '/api/profile');
    expect(profile.body.answer).toMatchObject({ first_name: 'Ayesha', last_name: 'Khan' });
    await context.close();
  }, 120_000);

  it('shows the conflict and keeps what was typed when the answers changed since the page loaded', async () => {
    const { context } = await studentWithoutScripts('nojs-conflict');
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    // Another tab saves meanwhile.
    expect((await call(server, context, 'PUT', '/api/answer', { middle_name: 'Elena' })).status).toBe(200);
    await page.fill('#first_name', 'Rosa');
    await press(page, 'Continue');
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.getByRole('alert').filter({ hasText: CONFLICT_MESSAGE }).count()).toBe(1);
    expect(await page.inputValue('#first_name')).toBe('Rosa');
    expect(await page.inputValue('#middle_name')).toBe('Elena');
    // Saving again (now against the current version) goes through.
    await press(page, 'Continue');
    expect(new URL(page.url()).pathname).toBe('/education');
    expect((await call(server, context, 'GET', '/api/profile')).body.answer).toMatchObject({ first_name: 'Rosa', middle_name: 'Elena' });
    await context.close();
  }, 120_000);

  // Issue 27: "Your data" (since issue 38 a page of its own, /your-data), the same plain form with scripts off and on.
  it('downloads the data and deletes the unsubmitted application and account from the Your data page, with scripts off and on', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const email = nextEmail(javaScriptEnabled ? 'delete-js' : 'delete-nojs');
      await createAccount(server, smtp, email);
      const context = await browser.newContext({ javaScriptEnabled, acceptDownloads: true });
      await logIn(server, context, email);
      expect((await call(server, context, 'PUT', '/api/answer', { first_name: 'Rosa' })).status).toBe(200);
      const page = await context.newPage();
      await page.goto(`${server.url}/your-data`);
      if (!javaScriptEnabled) await expectNoAxeViolations(page);
      const zip = await context.request.get(`${server.url}${ACCOUNT_DATA_PATH}`);
      expect([zip.status(), zip.headers()['content-type']]).toEqual([200, 'application/zip']);
      await page.fill('#delete-password', 'not my password at all');
      await press(page, 'Delete my application and account');
      expect(new URL(page.url()).pathname).toBe('/your-data');
      expect(await page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.wrongPassword }).count()).toBe(1);
      await page.fill('#delete-password', PASSWORD);
      await press(page, 'Delete my application and account');
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await flashText(page)).toContain(ACCOUNT_MESSAGES.deleted);
      // The account is gone: its password no longer logs in.
      const again = await context.request.post(`${server.url}/public/login`, { data: { username: email, password: PASSWORD } });
      expect(again.status()).toBe(400);
      await context.close();
    }
  }, 120_000);
});
