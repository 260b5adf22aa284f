import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { describeE2E } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import {
  axeViolationsWithoutJs,
  errorSummary,
  flashText,
  logInWithoutJs,
  logOutWithoutJs,
  noJsPage,
  openResetLinkWithoutJs,
  signUpWithoutJs,
  submitCard,
  type PageCheck,
} from './no-js-helpers.js';

const PASSWORD = 'Blue-Canyon-Lantern-42';
const NEW_PASSWORD = 'Quiet#River9Stones';

let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('auth-no-js', { WORKER: 'off' }));
}, 120_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

/** axe-core on the page as it stands (scripts off: nothing hydrated, no toasts). */
const noViolations: PageCheck = async (page, label) => {
  expect({ label, violations: await axeViolationsWithoutJs(page) }).toEqual({ label, violations: [] });
};

describeE2E('accounts in Chromium with JavaScript disabled', () => {
  it('sign up → code from the mail → confirm → log in → log out, axe-core clean on every auth page', async () => {
    const email = `nojs-${Date.now()}@example.org`;
    const { context, page } = await noJsPage(browser, server.url);

    // A refused sign-up: the card again, a focused summary linking to each field, what was typed kept.
    await page.goto('/signup');
    // Scripts really are off: the page's own script never ran (hydrate.ts marks the document).
    expect(await page.evaluate(() => document.documentElement.dataset.islands ?? 'none')).toBe('none');
    await submitCard(page, { username: 'not an address', password: 'short' });
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(await errorSummary(page)).toEqual([
      { href: '#username', text: 'Your email address must be valid.' },
      { href: '#password', text: 'Your password must be at least 12 characters long.' },
    ]);
    expect(await page.locator('.error-summary').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.inputValue('#username')).toBe('not an address');
    expect(await page.inputValue('#password')).toBe('');
    expect(await page.getAttribute('#username', 'aria-invalid')).toBe('true');
    await noViolations(page, 'signup with errors');

    await signUpWithoutJs(page, smtp, email, PASSWORD, noViolations);
    await noViolations(page, 'login with the confirmed message');

    // A wrong password: the API's message in the summary, the address kept.
    await submitCard(page, { password: 'Not-the-password-1' });
    expect(await errorSummary(page)).toEqual([{ href: null, text: 'Incorrect username or password.' }]);
    expect(await page.inputValue('#username')).toBe(email);
    await noViolations(page, 'login with errors');

    await logInWithoutJs(page, email, PASSWORD);
    expect(new URL(page.url()).pathname).toBe('/about');
    const session = (await context.cookies()).find((c) => c.name === 'CognitoIdentityServiceProvider.freshman.session');
    expect(session?.httpOnly).toBe(true);

    // The account popover cannot open without scripts: its e-mail and Log Out form stand in the header.
    await expect(page.locator('.account__fallback .account__email').innerText()).resolves.toBe(email);
    await noViolations(page, 'about while logged in');
    await logOutWithoutJs(page);
    await noViolations(page, 'login after logout');
    expect((await context.cookies()).filter((c) => c.name.startsWith('CognitoIdentityServiceProvider.'))).toEqual([]);
    // Shown once.
    await page.reload();
    expect(await flashText(page)).toBeNull();

    // Forgot → the link from the mail → reset → the new password works.
    await openResetLinkWithoutJs(page, smtp, email, noViolations);
    await noViolations(page, 'reset');
    // The link's page is served with Referrer-Policy: no-referrer, so its post says Origin: null; it still passes.
    const resetPost = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/reset');
    await submitCard(page, { password: NEW_PASSWORD, confirm_password: 'something else' });
    const headers = await (await resetPost).allHeaders();
    expect([headers.origin, headers['sec-fetch-site']]).toEqual(['null', 'same-origin']);
    expect(await errorSummary(page)).toEqual([{ href: '#confirm_password', text: 'The two passwords must match.' }]);
    await noViolations(page, 'reset with errors');
    await submitCard(page, { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    await page.waitForURL('**/login');
    expect(await flashText(page)).toContain('Your password has been reset.');
    await logInWithoutJs(page, email, NEW_PASSWORD);
    expect(new URL(page.url()).pathname).toBe('/about');

    // Logged in, the auth pages show who it is with a plain Log Out form.
    await page.goto('/confirm');
    await noViolations(page, 'confirm while logged in');
    await logOutWithoutJs(page);
    await context.close();
  });

  it('a form on another site cannot post to the cards', async () => {
    const { context, page } = await noJsPage(browser, server.url);
    // about:blank is another origin: the browser sends Origin: null and Sec-Fetch-Site: cross-site.
    await page.setContent(
      `<form method="post" action="${server.url}/forgot"><input name="username" value="a@example.org"><button>Go</button></form>`,
    );
    const response = page.waitForResponse((r) => r.url() === `${server.url}/forgot`);
    await page.click('button');
    expect((await response).status()).toBe(403);
    await context.close();
  });
});
