import { expect } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from '../helpers/server.js';
import { codeFrom, type startSmtpReceiver } from '../helpers/smtp.js';

/** Shared by the lifecycle and PDF browser tests: accounts made through the real API and SMTP receiver. */
export const PASSWORD = 'Blue-Canyon-Lantern-42';

type MailBox = Awaited<ReturnType<typeof startSmtpReceiver>>;

let n = 0;
export const nextEmail = (tag = 'student') => `${tag}${++n}-${Date.now()}@example.org`;

/** A confirmed account (sign-up and confirmation code through the API, as the accounts e2e does). */
export async function createAccount(server: RunningServer, smtp: MailBox, username: string): Promise<void> {
  const before = smtp.messages.length;
  const post = (path: string, body: object) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/public/signup', { username, password: PASSWORD })).status).toBe(200);
  const mail = await smtp.waitFor(
    (m) => m.to.includes(username.toLowerCase()) && /confirmation code/.test(m.subject) && smtp.messages.indexOf(m) >= before,
  );
  expect((await post('/public/confirm', { username, code: codeFrom(mail) })).status).toBe(200);
}

/** Logs the browser context in (its cookie jar receives the session), as the login card's call does. */
export async function logIn(server: RunningServer, context: BrowserContext, username: string): Promise<void> {
  const res = await context.request.post(`${server.url}/public/login`, { data: { username, password: PASSWORD } });
  expect(res.status()).toBe(200);
}

/** A JSON call with the context's session (PUT /api/answer, POST /api/submit, …). */
export async function call(server: RunningServer, context: BrowserContext, method: 'GET' | 'PUT' | 'POST', path: string, data?: object) {
  const res = await context.request.fetch(`${server.url}${path}`, { method, ...(data ? { data } : {}) });
  return { status: res.status(), body: (await res.json().catch(() => null)) as any };
}

export async function hydrated(page: Page, island: string): Promise<void> {
  await page.waitForSelector(`[data-island="${island}"][data-hydrated="true"]`, { state: 'attached', timeout: 20_000 });
}

/** The visible toast with this title and message. */
export async function expectToast(page: Page, title: string, message: string): Promise<void> {
  const toast = page.locator('.toast', { has: page.locator('.toast__title', { hasText: title }) }).filter({ hasText: message });
  await toast.first().waitFor({ state: 'visible', timeout: 15_000 });
}

/** The lifecycle calls the page makes from now on (method and path): Submit is one POST /api/submit (issue 36). */
export function lifecycleCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (['/api/web-status', '/api/validations', '/api/submit'].includes(path)) calls.push(`${r.method()} ${path}`);
  });
  return calls;
}
