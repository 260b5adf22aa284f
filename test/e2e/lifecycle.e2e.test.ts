import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, describeE2E, watchPageProblems } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { call, createAccount, expectToast, hydrated, logIn, nextEmail } from './lifecycle-helpers.js';

const SESSION_INVALID = 'Your session is invalid. Please clear your cookies and login again.';
const INACTIVITY_MESSAGE = 'You have been automatically logged out due to inactivity.';
const SESSION_COOKIE = 'CognitoIdentityServiceProvider.freshman.session';

let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('lifecycle', { WORKER: 'off' }));
}, 120_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

/** A new browser context logged in as a new applicant (`logins` successful logins so far). */
async function student(options: { logins?: number; email?: string } = {}): Promise<{ context: BrowserContext; email: string }> {
  const email = options.email ?? nextEmail();
  await createAccount(server, smtp, email);
  const context = await browser.newContext();
  for (let i = 0; i < (options.logins ?? 1); i++) await logIn(server, context, email);
  return { context, email };
}

const dialog = (page: Page) => page.getByRole('alertdialog', { name: 'Still working?' });

describeE2E('application lifecycle in Chromium: banners, account popover, inactivity', () => {
  it('greets a visitor with "First time here?" and offers Sign In and Create Account in the popover', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/about`);
    await expect(page.locator('[data-banner="visitor"]').textContent()).resolves.toContain('First time here?');
    // Its code loads on the first interaction; the click that caused it is replayed.
    expect(await page.locator('[data-island="AccountPopover"][data-hydrated="true"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).resolves.toBe('/login');
    await expect(page.getByRole('link', { name: 'Create Account' }).getAttribute('href')).resolves.toBe('/signup');
    expect(await page.locator('[data-island="Inactivity"]').count()).toBe(0);
    await page.close();
  });

  it('shows the first-login welcome with the four advantages', async () => {
    const { context } = await student();
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    const banner = page.locator('[data-banner="first-login"]');
    const text = await banner.textContent();
    for (const item of [
      'No essay requirement',
      'No application fee',
      'Automatic scholarship consideration',
      'An admission decision within two weeks',
    ]) {
      expect(text).toContain(item);
    }
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('greets a returning student by preferred name, and hides the banner after a page change in the session', async () => {
    const { context, email } = await student({ logins: 2 });
    expect((await call(server, context, 'PUT', '/api/answer', { first_name: 'Maria', preferred_name: 'Mari' })).status).toBe(200);
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    const banner = page.locator('[data-banner="returning"]');
    await expect(banner.locator('h2').textContent()).resolves.toBe('Welcome back, Mari!');
    await expect(banner.textContent()).resolves.toContain('Your application is our priority.');
    // Moving to another page in this session (a link: islands/lifecycle/page-change.ts notes it).
    await hydrated(page, 'Inactivity');
    await page.getByRole('link', { name: '2. Your academics' }).click();
    await page.waitForURL('**/education');
    expect(await page.locator('.greeting').count()).toBe(0);
    // A new session (log in again) greets again. The open page reacts to the login in "another tab" by
    // navigating itself, which would race a goto on it: the new session is read in a fresh tab.
    await page.close();
    await logIn(server, context, email);
    const again = await context.newPage();
    await again.goto(`${server.url}/about`);
    await expect(again.locator('[data-banner="returning"] h2').textContent()).resolves.toBe('Welcome back, Mari!');
    await context.close();
  });

  it('sends a submitted student to /completion with the congratulations banner (axe-clean)', async () => {
    const { context } = await student();
    expect((await call(server, context, 'PUT', '/api/answer', COMPLETE_ANSWERS)).status).toBe(200);
    expect((await call(server, context, 'POST', '/api/submit')).status).toBe(200);
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    expect(new URL(page.url()).pathname).toBe('/completion');
    await expect(page.locator('.completion__message').textContent()).resolves.toBe('Your application was successfully submitted.');
    await expect(page.locator('[data-banner="submitted"] h2').textContent()).resolves.toBe('Congratulations, Mari!');
    await hydrated(page, 'PdfDownload');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('the account popover shows the e-mail in lowercase and logs out to /login with the §8 message', async () => {
    const email = nextEmail('Mixed.Case');
    const { context } = await student({ email });
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${server.url}/about`);
    await page.getByRole('button', { name: 'Account' }).click();
    const popover = page.getByRole('dialog', { name: 'Account' });
    await expect(popover.locator('.account__email').textContent()).resolves.toBe(email.toLowerCase());
    expect(email).not.toBe(email.toLowerCase());
    expect(await axeViolations(page)).toEqual([]);
    await popover.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    await expectToast(page, 'Error', SESSION_INVALID);
    expect((await context.cookies()).filter((c) => c.name.startsWith('CognitoIdentityServiceProvider.'))).toEqual([]);
    expect((await call(server, context, 'GET', '/api/profile')).status).toBe(401);
    expect(problems.filter((p) => /pageerror|Content Security Policy/.test(p))).toEqual([]);
    await context.close();
  });

  it('opens the account popover by keyboard and closes it with Escape', async () => {
    const { context } = await student();
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    await page.getByRole('button', { name: 'Account' }).focus();
    await hydrated(page, 'AccountPopover');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Account' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Account' }).waitFor({ state: 'detached' });
    // Radix restores focus to the trigger asynchronously after the close animation frame.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Account', null, { timeout: 5000 });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Account');
    await context.close();
  });

  it('with a fake clock: warns after 14 idle minutes; "Yes" keeps the session; expiry logs out with the inactivity message, answers saved', async () => {
    const { context, email } = await student();
    await context.clock.install();
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${server.url}/about`);
    await hydrated(page, 'Inactivity');

    await page.clock.fastForward('13:30');
    expect(await dialog(page).count()).toBe(0);
    await page.clock.fastForward('00:45');
    await dialog(page).waitFor();
    await expect(dialog(page).textContent()).resolves.toContain(
      'You have been inactive for a little while. Would you like to stay logged in?',
    );
    expect(await axeViolations(page)).toEqual([]);

    const keepAlive = page.waitForRequest((r) => r.url().endsWith('/api/session'));
    await dialog(page).getByRole('button', { name: 'Yes - Take me back to my application' }).click();
    await keepAlive;
    await dialog(page).waitFor({ state: 'detached' });
    expect((await call(server, context, 'GET', '/api/profile')).status).toBe(200);
    expect(problems.filter((p) => /pageerror|Content Security Policy|Refused/.test(p))).toEqual([]);

    // Something typed just before going idle; the timer starts again from there.
    await hydrated(page, 'Form');
    await page.locator('#first_name').fill('Zora');
    await page.clock.fastForward('14:15');
    await dialog(page).waitFor();
    await page.clock.fastForward('01:00');
    await page.waitForURL('**/login');
    await expectToast(page, 'Error', INACTIVITY_MESSAGE);
    expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
    expect((await call(server, context, 'GET', '/api/profile')).status).toBe(401);
    // Nothing typed was lost.
    await logIn(server, context, email);
    expect((await call(server, context, 'GET', '/api/profile')).body.answer.first_name).toBe('Zora');
    await context.close();
  });

  it('"No - Please log me out" logs out at once', async () => {
    const { context } = await student();
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    await hydrated(page, 'Inactivity');
    await page.clock.fastForward('14:10');
    await dialog(page).getByRole('button', { name: 'No - Please log me out' }).click();
    await page.waitForURL('**/login');
    await expectToast(page, 'Error', SESSION_INVALID);
    expect((await call(server, context, 'GET', '/api/profile')).status).toBe(401);
    await context.close();
  });

  it('keeps the warning in step across tabs: both warn, "Yes" in one dismisses both, and both leave at the timeout', async () => {
    const { context } = await student();
    await context.clock.install();
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(`${server.url}/about`);
    await second.goto(`${server.url}/education`);
    await hydrated(first, 'Inactivity');
    await hydrated(second, 'Inactivity');

    await context.clock.fastForward('14:15');
    await dialog(first).waitFor();
    await dialog(second).waitFor();
    await dialog(first).getByRole('button', { name: 'Yes - Take me back to my application' }).click();
    await dialog(second).waitFor({ state: 'detached' });
    await dialog(first).waitFor({ state: 'detached' });

    await context.clock.fastForward('15:30');
    await first.waitForURL('**/login');
    await second.waitForURL('**/login');
    await expectToast(first, 'Error', INACTIVITY_MESSAGE);
    await expectToast(second, 'Error', INACTIVITY_MESSAGE);
    expect((await call(server, context, 'GET', '/api/profile')).status).toBe(401);
    await context.close();
  });

  it('activity after 15 idle minutes (a sleeping laptop: no timer ran) logs out too', async () => {
    const { context } = await student();
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    await hydrated(page, 'Inactivity');
    // The clock jumps without running any timer, as after a suspend; then the applicant moves the mouse.
    const now = await page.evaluate(() => Date.now());
    await page.clock.setSystemTime(now + 16 * 60_000);
    await page.mouse.move(50, 50);
    await page.mouse.move(80, 90);
    await page.waitForURL('**/login');
    await expectToast(page, 'Error', INACTIVITY_MESSAGE);
    await context.close();
  });
});
