import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { describeE2E, watchPageProblems } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { codeFrom, resetLinkFrom } from '../helpers/smtp.js';
import { activeId, createAccount as makeAccount, expectToast, hydrated, mailTo as mailFrom, PASSWORD } from './auth-helpers.js';

const NEW_PASSWORD = 'Quiet#River9Stones';
const SESSION_INVALID = 'Your session is invalid. Please clear your cookies and login again.';

let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];
let n = 0;
const nextEmail = () => `student${++n}-${Date.now()}@example.org`;

async function open(page: Page, path: string, island: string) {
  await page.goto(`${server.url}${path}`);
  await hydrated(page, island);
}

const mailTo = (to: string, subject: RegExp, after: number) => mailFrom(smtp, to, subject, after);
const createAccount = (username: string, password = PASSWORD) => makeAccount(server, smtp, username, password);

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('auth-flows', { WORKER: 'off' }));
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
});
