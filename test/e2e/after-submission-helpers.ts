import { expect } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type { TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { axeViolations, launchBrowser, screenshot } from '../helpers/browser.js';
import { startSmtpReceiver, type ReceivedMail } from '../helpers/smtp.js';
import { TEST_TMP } from '../helpers/paths.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';

/** Shared by the after-submission browser tests (after-submission-counselor, after-submission-decision). */

/** Screenshots of each state at 390 CSS px, for people to look at (not asserted). */
export const SHOTS = join(TEST_TMP, 'screenshots', 'after-submission');
export const STAFF = 'officer@admissions.example.edu';

/** The app in this process (jobs too, mailing a real SMTP receiver), listening on a port, a CRM client key and Chromium. */
export interface AfterSubmissionStack {
  ctx: TestContext;
  app: Server;
  base: string;
  browser: Browser;
  smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  key: string;
}

export async function startAfterSubmissionStack(env: Record<string, string> = {}): Promise<AfterSubmissionStack> {
  const s: Partial<AfterSubmissionStack> = {};
  try {
    await loadVikeBuild();
    mkdirSync(SHOTS, { recursive: true });
    s.smtp = await startSmtpReceiver();
    // Jobs run in this process (e-mails, conversions), mailing the real SMTP receiver.
    s.ctx = await createTestApp({ queue: 'workers', env: { SMTP_URL: s.smtp.url, STAFF_EMAILS: STAFF, ...env } });
    const app = (s.app = s.ctx.app.listen(0, '127.0.0.1'));
    await new Promise((r) => app.once('listening', r));
    s.base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    // The links in e-mails point at this server.
    s.ctx.config.publicUrl = s.base;
    const created = await runClientCommand(s.ctx.db.knex, { action: 'create', name: 'crm' }, s.ctx.services.now());
    if (!created.ok) throw new Error(created.message);
    s.key = created.lines[1]!;
    s.browser = await launchBrowser();
    return s as AfterSubmissionStack;
  } catch (error) {
    await stopAfterSubmissionStack(s);
    throw error;
  }
}

/** Stops whatever of the stack started. */
export async function stopAfterSubmissionStack(s: Partial<AfterSubmissionStack>): Promise<void> {
  await s.browser?.close();
  s.app?.close();
  await s.ctx?.close();
  await s.smtp?.close();
}

/** A phone-sized browser context signed in as the applicant. */
export async function applicantContext(browser: Browser, base: string, user: TestUser, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const [name, value] = user.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  return context;
}

export async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, join(SHOTS, `${name}.png`), { fullPage: true });
}

export async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

export function linkIn(mail: ReceivedMail): string {
  const match = /(http:\/\/\S+\/counselor\/[A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error(`no counselor link in: ${mail.text}`);
  return match[1]!;
}

/** Reloads the counselor page until the conversion has checked the file (the page offers a "Check again" link). */
export async function untilReceived(page: Page): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if ((await page.locator('h1').textContent()) === 'Transcript received') return;
    await page.waitForTimeout(250);
    await page.reload();
  }
  throw new Error(`the transcript was not received: ${await page.locator('main').textContent()}`);
}
