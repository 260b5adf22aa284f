import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page, Response } from 'playwright-core';
import { axeViolations, describeE2E, watchPageProblems } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { AUTH_MESSAGES } from '../../contracts/auth-check.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { codeFrom, resetLinkFrom, type ReceivedMail } from '../helpers/smtp.js';

const PASSWORD = 'Blue-Canyon-Lantern-42';
const NEW_PASSWORD = 'Quiet#River9Stones';
const SESSION_INVALID = 'Your session is invalid. Please clear your cookies and login again.';

let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];
let n = 0;
const nextEmail = () => `student${++n}-${Date.now()}@example.org`;

async function hydrated(page: Page, island: string) {
  // 'attached': island wrappers are display: contents. The Toaster hydrates with the first toast (expectToast waits).
  await page.waitForSelector(`[data-island="${island}"][data-hydrated="true"]`, { state: 'attached', timeout: 20_000 });
}

async function open(page: Page, path: string, island: string) {
  await page.goto(`${server.url}${path}`);
  await hydrated(page, island);
}

/** The toast with this title and message (visible). */
async function expectToast(page: Page, title: string, message: string | RegExp) {
  const toast = page.locator('.toast', { has: page.locator('.toast__title', { hasText: title }) }).filter({ hasText: message });
  await toast.first().waitFor({ state: 'visible', timeout: 10_000 });
}

async function mailTo(to: string, subject: RegExp, after: number): Promise<ReceivedMail> {
  return smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject) && smtp.messages.indexOf(m) >= after);
}

/** A confirmed account, made through the API (the UI flow has its own test). */
async function createAccount(username: string, password = PASSWORD) {
  const before = smtp.messages.length;
  const post = (path: string, body: object) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/public/signup', { username, password })).status).toBe(200);
  const code = codeFrom(await mailTo(username, /confirmation code/, before));
  expect((await post('/public/confirm', { username, code })).status).toBe(200);
}

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || '');

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('auth', { WORKER: 'off' }));
}, 120_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

describeE2E('accounts in Chromium with a real SMTP receiver', () => {
  it('sign up → code from the mail → confirm → /login with a success toast → log in → /about, carrying answers; then log out', async () => {
    const email = nextEmail();
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await open(page, '/signup', 'AuthCardSignup');
    // Answers typed while logged out (the form island keeps them in navigation state).
    await page.evaluate(() => sessionStorage.setItem('freshman.answers', JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace' })));

    await page.fill('#username', email);
    await page.fill('#password', 'short');
    await expect(page.locator('[data-rule="length"]').getAttribute('data-state')).resolves.toBe('error');
    await expect(page.locator('[data-rule="lowercase"]').getAttribute('data-state')).resolves.toBe('success');
    await page.fill('#password', PASSWORD);
    await expect(page.locator('.checklist__item--success').count()).resolves.toBe(6);
    const before = smtp.messages.length;
    await page.press('#password', 'Enter');
    await page.waitForURL('**/confirm');
    await hydrated(page, 'AuthCardConfirm');
    await expectToast(page, 'Success', 'We sent a confirmation code');
    await expect(page.inputValue('#username')).resolves.toBe(email);
    const firstCode = codeFrom(await mailTo(email, /confirmation code/, before));

    // Five digits: blocked at the field with the §5 message.
    await page.fill('#code', '12345');
    await page.click('button[type="submit"]');
    await page.locator('#code[aria-invalid="true"]').waitFor();
    await expect(page.locator('#code-error').textContent()).resolves.toBe('The confirmation code must be exactly 6 numbers.');
    await expect(page.getAttribute('#code', 'aria-invalid')).resolves.toBe('true');
    await expect(activeId(page)).resolves.toBe('code');

    // A wrong code: the We could not confirm your account toast.
    await page.fill('#code', firstCode === '000000' ? '111111' : '000000');
    await page.click('button[type="submit"]');
    await expectToast(page, 'We could not confirm your account', 'incorrect or has expired');

    // Resend works: a new code arrives and the old one is replaced.
    const beforeResend = smtp.messages.length;
    await page.getByRole('button', { name: 'Resend confirmation code' }).click();
    await expectToast(page, 'Success', 'new confirmation code');
    const code = codeFrom(await mailTo(email, /confirmation code/, beforeResend));

    await page.fill('#code', code);
    await page.press('#code', 'Enter');
    await page.waitForURL('**/login');
    await hydrated(page, 'AuthCardLogin');
    await expectToast(page, 'Success', 'Your account has been confirmed. You can now log in.');
    await expect(page.inputValue('#username')).resolves.toBe(email);

    await page.fill('#password', PASSWORD);
    const loginRequest = page.waitForRequest((r) => r.url().endsWith('/public/login') && r.method() === 'POST');
    await page.click('button[type="submit"]');
    expect((await loginRequest).postDataJSON()).toEqual({
      username: email,
      password: PASSWORD,
      answers: { first_name: 'Ada', last_name: 'Lovelace' },
    });
    await page.waitForURL('**/about');
    await expect(page.evaluate(() => sessionStorage.getItem('freshman.answers'))).resolves.toBeNull();
    // The answers typed while logged out are in the account (the profile takes them in).
    const profile = await page.evaluate(() => fetch('/api/profile', { headers: { Accept: 'application/json' } }).then((r) => r.json()));
    expect(profile.answer).toEqual(expect.objectContaining({ first_name: 'Ada', last_name: 'Lovelace' }));
    expect(profile.successful_login).toHaveLength(1);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'CognitoIdentityServiceProvider.freshman.session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');

    // Logged in: /login sends back to /about.
    await page.goto(`${server.url}/login`);
    expect(new URL(page.url()).pathname).toBe('/about');

    // Log out lands on /login with the §8 message, and the session is gone.
    await open(page, '/forgot', 'AuthCardForgot');
    await page.waitForSelector('[data-island="LogoutButton"][data-hydrated="true"]', { state: 'attached' });
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    await hydrated(page, 'AuthCardLogin');
    await expectToast(page, 'Error', SESSION_INVALID);
    expect((await page.context().cookies()).filter((c) => c.name.startsWith('CognitoIdentityServiceProvider.'))).toEqual([]);
    expect(problems.filter((p) => /Content Security Policy|Refused|pageerror/.test(p))).toEqual([]);
    await page.close();
  });

  it('forgot → link from the mail → reset → the old password fails and the new one works', async () => {
    const email = nextEmail();
    await createAccount(email);
    const page = await browser.newPage();
    await open(page, '/forgot', 'AuthCardForgot');
    const before = smtp.messages.length;
    await page.fill('#username', email);
    await page.press('#username', 'Enter');
    await expectToast(page, 'Success', 'we sent it a link to reset your password');
    const link = resetLinkFrom(await mailTo(email, /Reset your/, before));
    expect(link.origin).toBe(server.url);

    const response = await page.goto(link.toString());
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    await hydrated(page, 'AuthCardReset');
    await expect(page.inputValue('#username')).resolves.toBe(email);
    await page.fill('#password', NEW_PASSWORD);
    await page.fill('#confirm_password', 'something else');
    await expect(page.locator('[data-rule="match"]').getAttribute('data-state')).resolves.toBe('error');
    await page.fill('#confirm_password', NEW_PASSWORD);
    await expect(page.locator('[data-rule="match"]').getAttribute('data-state')).resolves.toBe('success');
    await page.click('button[type="submit"]');
    await page.waitForURL('**/login');
    await hydrated(page, 'AuthCardLogin');
    await expectToast(page, 'Success', 'Your password has been reset.');

    await page.fill('#username', email);
    await page.fill('#password', PASSWORD);
    await page.click('button[type="submit"]');
    await expectToast(page, 'We could not log you in', 'Incorrect username or password.');
    await page.fill('#password', NEW_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/about');
    await page.close();
  });

  it('the login card validates, and its resend needs a valid address', async () => {
    const page = await browser.newPage();
    await open(page, '/login', 'AuthCardLogin');
    await page.click('button[type="submit"]');
    // The first submit loads the cards' rules before it can answer.
    await page.locator('#username[aria-invalid="true"]').waitFor();
    await expect(page.locator('#username-error').textContent()).resolves.toBe('Please provide a valid email address.');
    await expect(page.locator('#password-error').textContent()).resolves.toBe('Password is required.');
    await page.getByRole('button', { name: 'Resend confirmation code?' }).click();
    await expectToast(page, 'We could not send you a new code', 'You must provide a valid email address to resend a confirmation code.');
    await page.close();
  });

  it('loads the rules only when a card first needs them (not on load or focus, but on the first input or submit), and never joi', async () => {
    // The cards' rules (contracts/auth-check.ts) are the only client code holding the confirmation-code message;
    // joi's browser bundle registers itself as a UMD global named joi.
    const scriptText = async (res: Response) => (res.request().resourceType() === 'script' ? await res.text() : '');
    const isRules = async (res: Response) => (await scriptText(res)).includes(AUTH_MESSAGES.code);
    const watch = (page: Page) => {
      const found: Promise<string>[] = [];
      // A body still arriving when the page closes cannot be read any more: not a rejection left unhandled.
      page.on('response', (res) => found.push(scriptText(res).catch((err: Error) => (page.isClosed() ? '' : Promise.reject(err)))));
      const texts = async () => Promise.all(found);
      return {
        rules: async () => (await texts()).some((t) => t.includes(AUTH_MESSAGES.code)),
        joi: async () => (await texts()).some((t) => t.includes('.joi=')),
      };
    };

    const page = await browser.newPage();
    const first = watch(page);
    await open(page, '/login', 'AuthCardLogin');
    await page.waitForLoadState('networkidle');
    await expect(first.rules()).resolves.toBe(false);
    // Focus alone does not fetch them: the request starts after the first character typed.
    await page.locator('#username').focus();
    const beforeInput = await page.evaluate(() => performance.now());
    const rules = page.waitForResponse(isRules);
    await page.keyboard.type('a');
    const requestedAt = await page.evaluate((url) => performance.getEntriesByName(url)[0]?.startTime ?? -1, (await rules).url());
    expect(requestedAt).toBeGreaterThanOrEqual(beforeInput);
    await page.waitForLoadState('networkidle');
    await expect(first.joi()).resolves.toBe(false);
    await page.close();

    // A submit with nothing typed first waits for the rules, then shows the server's messages.
    const second = await browser.newPage();
    const secondWatch = watch(second);
    await open(second, '/signup', 'AuthCardSignup');
    await second.waitForLoadState('networkidle');
    await expect(secondWatch.rules()).resolves.toBe(false);
    await second.click('button[type="submit"]');
    await second.locator('#username[aria-invalid="true"]').waitFor();
    await expect(second.locator('#username-error').textContent()).resolves.toBe('Your email address must be valid.');
    await expect(second.locator('#password-error').textContent()).resolves.toBe('Your password must be at least 12 characters long.');
    await expect(activeId(second)).resolves.toBe('username');
    await expect(secondWatch.joi()).resolves.toBe(false);
    await second.close();
  });

  it('keeps what a student typed before the card hydrated, and submits it', async () => {
    const email = nextEmail();
    await createAccount(email);
    const page = await browser.newPage();
    // Hold every script until the student has typed: the card is plain server HTML meanwhile.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/**/*.js', async (route) => {
      await released;
      await route.continue();
    });
    // Not waiting for 'load': that waits for the held scripts.
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await page.fill('#username', email);
    await page.fill('#password', PASSWORD);
    await expect(page.locator('[data-island="AuthCardLogin"][data-hydrated="true"]').count()).resolves.toBe(0);
    release();
    await hydrated(page, 'AuthCardLogin');
    await page.locator('button[type="submit"]:not([disabled])').waitFor();
    await expect(page.inputValue('#username')).resolves.toBe(email);
    await expect(page.inputValue('#password')).resolves.toBe(PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/about');
    await page.close();
  });

  const PAGES = [
    { path: '/login', island: 'AuthCardLogin', order: ['username', 'password', 'Submit'] },
    { path: '/signup', island: 'AuthCardSignup', order: ['username', 'password', 'Submit'] },
    { path: '/confirm', island: 'AuthCardConfirm', order: ['username', 'code', 'Submit'] },
    { path: '/forgot', island: 'AuthCardForgot', order: ['username', 'Submit'] },
    {
      path: '/reset?username=a%40example.org&id=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      island: 'AuthCardReset',
      order: ['username', 'password', 'confirm_password', 'Submit'],
    },
  ];

  // One page per card for both checks (they were two tests opening each card once each): by keyboard first, as
  // the Enter it ends with shows the field errors axe-core then checks.
  it('on each of the five pages: Tab order e-mail → password → Submit and Enter submits; axe-core finds no violations, also with errors and toasts shown', async () => {
    for (const { path, island, order } of PAGES) {
      const page = await browser.newPage();
      await open(page, path, island);
      expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });

      // Keyboard alone: the Tab order, then Enter in a field submits (here: the empty or incomplete form is
      // stopped with focus on the first error).
      await page.locator('#username').focus();
      for (const expected of order.slice(1)) {
        await page.keyboard.press('Tab');
        await expect(activeId(page)).resolves.toBe(expected);
      }
      await page.locator('#username').focus();
      if (path.startsWith('/reset')) await page.locator('#password').focus();
      await page.keyboard.press('Enter');
      await page.locator('[aria-invalid="true"]').first().waitFor();

      // Field errors (the submit above), then a checklist in mixed states.
      if (await page.locator('#password').count()) await page.fill('#password', 'abcdef');
      expect({ path, state: 'errors', violations: await axeViolations(page) }).toEqual({ path, state: 'errors', violations: [] });
      // An error toast and a success toast.
      await page.evaluate(() => {
        sessionStorage.setItem('freshman.flash', JSON.stringify({ kind: 'success', message: 'Shown for the accessibility check.' }));
      });
      await page.reload();
      await hydrated(page, island);
      await page.locator('.toast').first().waitFor();
      await page.click('button[type="submit"]');
      await page.locator('[aria-invalid="true"]').first().waitFor();
      expect({ path, state: 'toast', violations: await axeViolations(page) }).toEqual({ path, state: 'toast', violations: [] });
      await page.close();
    }
  });

  it('the keyboard alone gets a student through the login card', async () => {
    const email = nextEmail();
    await createAccount(email);
    const page = await browser.newPage();
    await open(page, '/login', 'AuthCardLogin');
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab');
    await expect(activeId(page)).resolves.toBe('username');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Tab');
    await expect(activeId(page)).resolves.toBe('Submit');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/about');
    await page.close();
  });

  it('the checklist collapses to one column at the 600 px breakpoint', async () => {
    const page = await browser.newPage({ viewport: { width: 600, height: 800 } });
    await open(page, '/signup', 'AuthCardSignup');
    const columns = await page.locator('.checklist__items').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(1);
    await page.setViewportSize({ width: 1000, height: 800 });
    const wide = await page.locator('.checklist__items').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(wide).toBe(2);
    await page.close();
  });
});
