import { expect } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { launchBrowser, screenshot } from '../helpers/browser.js';
import { startSmtpReceiver, type ReceivedMail } from '../helpers/smtp.js';
import { TEST_TMP } from '../helpers/paths.js';
import { signStaffLink } from '../../server/staff/staff-link-token.server.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { visibilityControllers } from '../../form/controllers.js';
import type { PageId } from '../../form/types.js';
import { answer, keysOn } from './form-lifecycle-helpers.js';

/** Issue 41: an applicant whose browser asks for Spanish, through the real app, jobs, SMTP receiver and Chromium. */
export interface SpanishStack {
  ctx: TestContext;
  base: string;
  browser: Browser;
  smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  close(): Promise<void>;
}

export const STAFF = 'reader@admissions.example.edu';
/** What a browser set to Mexican Spanish sends. */
export const SPANISH_BROWSER = 'es-MX,es;q=0.9,en;q=0.6';
/** Screenshots for people to look at (copied to /work/shots/spanish by whoever reviews them). */
export const SHOTS = join(TEST_TMP, 'screenshots', 'spanish');

export async function startSpanishStack(): Promise<SpanishStack> {
  await loadVikeBuild();
  mkdirSync(SHOTS, { recursive: true });
  const smtp = await startSmtpReceiver();
  // Jobs in this process: the application PDF and the receipt e-mail, sent to the SMTP receiver.
  const ctx = await createTestApp({ queue: 'workers', env: { SMTP_URL: smtp.url, STAFF_EMAILS: STAFF } });
  const app: Server = ctx.app.listen(0, '127.0.0.1');
  await new Promise((r) => app.once('listening', r));
  const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  ctx.config.publicUrl = base;
  const browser = await launchBrowser();
  return {
    ctx,
    base,
    browser,
    smtp,
    close: async () => {
      await browser.close();
      app.close();
      await ctx.close();
      await smtp.close();
    },
  };
}

/** A phone (390 px) whose browser asks for Spanish first, with scripts on or off. */
export function spanishPhone(stack: SpanishStack, javaScriptEnabled: boolean): Promise<BrowserContext> {
  return stack.browser.newContext({
    javaScriptEnabled,
    baseURL: stack.base,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'Accept-Language': SPANISH_BROWSER },
  });
}

export async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, join(SHOTS, `${name}.png`), { fullPage: true });
}

/** The first e-mail to `to` whose subject matches, received after `after` messages. */
export function mailTo(stack: SpanishStack, to: string, subject: RegExp, after: number): Promise<ReceivedMail> {
  return stack.smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject) && stack.smtp.messages.indexOf(m) >= after, 60_000);
}

/** The Spanish confirmation e-mail's code. */
export function spanishCodeFrom(mail: ReceivedMail): string {
  const match = /Tu código de confirmación es: (\d{6})/.exec(mail.text);
  if (!match) throw new Error(`no Spanish confirmation code in: ${mail.text}`);
  return match[1]!;
}

/** Presses a button by its (Spanish) name and waits for the page it leads to. */
export async function press(page: Page, name: string): Promise<void> {
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name, exact: true }).first().click()]);
}

/**
 * Fills a form page with the complete fixture without scripts: a question that shows or hides others is followed
 * by its Update button (`@action=update:<key>`), pressed so the page comes back with the questions that follow.
 */
export async function fillPageWithoutJs(page: Page, pageId: PageId): Promise<void> {
  const controllers = visibilityControllers();
  for (const key of keysOn(pageId)) {
    await answer(page, key, COMPLETE_ANSWERS[key]!);
    if (controllers.has(key)) {
      await Promise.all([page.waitForNavigation(), page.locator(`button[value="update:${key}"]`).click()]);
    }
  }
}

/** The staff desk's page of an application, in a desk-sized English browser signed in through a one-time link. */
export async function staffApplicationPage(stack: SpanishStack, userId: string): Promise<Page> {
  const desk = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await desk.newPage();
  const token = signStaffLink(stack.ctx.config.sessionSecret, STAFF, stack.ctx.services.now());
  await page.goto(`${stack.base}/staff/link?token=${encodeURIComponent(token)}`);
  await page.getByRole('button', { name: 'Sign in to the staff desk' }).click();
  await page.waitForURL((url) => url.pathname === '/staff');
  await page.goto(`${stack.base}/staff/applications/${userId}`);
  expect(await page.getAttribute('html', 'lang')).toBe('en');
  return page;
}
