import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../helpers/server.js';
import type { E2EStack } from '../helpers/e2e-stack.js';
import { codeFrom, type ReceivedMail } from '../helpers/smtp.js';

/** Shared by the accounts browser tests (auth-flows, auth-cards): islands, toasts, mails and accounts made through the API. */
export const PASSWORD = 'Blue-Canyon-Lantern-42';

export async function hydrated(page: Page, island: string) {
  // 'attached': island wrappers are display: contents. The Toaster hydrates with the first toast (expectToast waits).
  await page.waitForSelector(`[data-island="${island}"][data-hydrated="true"]`, { state: 'attached', timeout: 20_000 });
}

/** The toast with this title and message (visible). */
export async function expectToast(page: Page, title: string, message: string | RegExp) {
  const toast = page.locator('.toast', { has: page.locator('.toast__title', { hasText: title }) }).filter({ hasText: message });
  await toast.first().waitFor({ state: 'visible', timeout: 10_000 });
}

export async function mailTo(smtp: E2EStack['smtp'], to: string, subject: RegExp, after: number): Promise<ReceivedMail> {
  return smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject) && smtp.messages.indexOf(m) >= after);
}

/** A confirmed account, made through the API (the UI flow has its own test). */
export async function createAccount(server: RunningServer, smtp: E2EStack['smtp'], username: string, password = PASSWORD) {
  const before = smtp.messages.length;
  const post = (path: string, body: object) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/public/signup', { username, password })).status).toBe(200);
  const code = codeFrom(await mailTo(smtp, username, /confirmation code/, before));
  expect((await post('/public/confirm', { username, code })).status).toBe(200);
}

export const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || '');
