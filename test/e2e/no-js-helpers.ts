import { expect } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { codeFrom, resetLinkFrom, type MailBox, type ReceivedMail } from '../helpers/smtp.js';
import { axeViolations, type AxeViolation } from '../helpers/browser.js';

/**
 * Steps of the account journey with JavaScript disabled (§2 auth cards as plain HTML forms), shared by
 * the browser tests that run without scripts. Pages come from `noJsPage`, whose base URL is the
 * server's, so the steps use paths.
 */

/** A page in a fresh context with scripts off (and its context, to close). */
export async function noJsPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  return { context, page: await context.newPage() };
}

/**
 * axe-core on a page loaded with scripts off. Evaluation from the test still works there, but timer
 * callbacks never fire, and axe waits on them: for the check, setTimeout and requestAnimationFrame
 * become microtasks (in this scripts-off page only; its own scripts were skipped at load and stay so).
 * Fails if any island hydrated.
 */
export async function axeViolationsWithoutJs(page: Page): Promise<AxeViolation[]> {
  expect(await page.locator('[data-hydrated="true"]').count()).toBe(0);
  await page.evaluate(() => {
    const soon = (run: () => void) => void Promise.resolve().then(run);
    window.setTimeout = ((fn: (...args: unknown[]) => void, _ms?: number, ...args: unknown[]) => (
      soon(() => fn(...args)),
      0
    )) as typeof window.setTimeout;
    window.clearTimeout = () => undefined;
    window.requestAnimationFrame = (fn) => (soon(() => fn(performance.now())), 0);
  });
  return axeViolations(page);
}

/** Called on every page a step reaches (e.g. to run axe-core there); `label` names the page and its state. */
export type PageCheck = (page: Page, label: string) => Promise<void>;
const noCheck: PageCheck = async () => undefined;

/** The first e-mail to `to` whose subject matches, received after `after` messages. */
export function mailTo(smtp: MailBox, to: string, subject: RegExp, after: number): Promise<ReceivedMail> {
  return smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject) && smtp.messages.indexOf(m) >= after);
}

/** Fills the card's fields by id (= their name) and presses its Submit button; waits for the next page. */
export async function submitCard(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [id, value] of Object.entries(fields)) await page.fill(`#${id}`, value);
  await page.click('form.auth-form button[type="submit"]');
  await page.waitForLoadState('domcontentloaded');
}

/** The message a plain form post carried to this page (shown at its top), or null. */
export async function flashText(page: Page): Promise<string | null> {
  const flash = page.locator('.auth-flash');
  return (await flash.count()) ? (await flash.innerText()).trim() : null;
}

/** The items of the card's error summary (its link targets and texts). */
export async function errorSummary(page: Page): Promise<Array<{ href: string | null; text: string }>> {
  return page
    .locator('.error-summary li')
    .evaluateAll((items) =>
      items.map((li) => ({ href: li.querySelector('a')?.getAttribute('href') ?? null, text: (li.textContent ?? '').trim() })),
    );
}

/**
 * Signs up and confirms without scripts: /signup → the code from the SMTP receiver → /confirm (the address
 * is carried there) → ends on /login with the "confirmed" message and the address filled in.
 */
export async function signUpWithoutJs(
  page: Page,
  smtp: MailBox,
  email: string,
  password: string,
  check: PageCheck = noCheck,
): Promise<void> {
  await page.goto('/signup');
  await check(page, 'signup');
  const before = smtp.messages.length;
  await submitCard(page, { username: email, password });
  await page.waitForURL('**/confirm');
  expect(await flashText(page)).toContain('We sent a confirmation code to your email address.');
  expect(await page.inputValue('#username')).toBe(email);
  await check(page, 'confirm');
  const code = codeFrom(await mailTo(smtp, email, /confirmation code/, before));
  await submitCard(page, { code });
  await page.waitForURL('**/login');
  expect(await flashText(page)).toContain('Your account has been confirmed. You can now log in.');
  expect(await page.inputValue('#username')).toBe(email);
}

/** Logs in without scripts from /login; ends on the page the server sends a student to (/about at first). */
export async function logInWithoutJs(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await submitCard(page, { username: email, password });
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Presses the page's plain Log Out form (the account popover's fallback, or the auth pages'); ends on /login. */
export async function logOutWithoutJs(page: Page): Promise<void> {
  await page.click('form[action="/logout"] button[type="submit"]');
  await page.waitForURL('**/login');
  expect(await flashText(page)).toContain('Your session is invalid. Please clear your cookies and login again.');
}

/** Asks for a reset link without scripts and opens it; ends on /reset with the address shown. */
export async function openResetLinkWithoutJs(page: Page, smtp: MailBox, email: string, check: PageCheck = noCheck): Promise<void> {
  await page.goto('/forgot');
  await check(page, 'forgot');
  const before = smtp.messages.length;
  await submitCard(page, { username: email });
  await page.waitForURL('**/forgot');
  expect(await flashText(page)).toContain('we sent it a link to reset your password');
  const link = resetLinkFrom(await mailTo(smtp, email, /Reset your/, before));
  await page.goto(link.toString());
  expect(await page.inputValue('#username')).toBe(email);
}
