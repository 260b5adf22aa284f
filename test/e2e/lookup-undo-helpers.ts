import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from '../helpers/server.js';
import type { E2EStack } from '../helpers/e2e-stack.js';
import { TEST_TMP } from '../helpers/paths.js';
import { call, createAccount, logIn, nextEmail } from './lifecycle-helpers.js';
import { screenshot } from '../helpers/browser.js';

/** Issue 38's walk was on a 390 px phone: the lookup tests run there. */
export const PHONE = { width: 390, height: 844 };

/** Screenshots of the changed states (SHOTS_DIR to keep them elsewhere), for a person to look at. */
export const SHOTS = process.env.SHOTS_DIR ?? join(TEST_TMP, 'screenshots', 'lookup-undo');

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await screenshot(page, join(SHOTS, `${name}.png`));
}

/** A logged-in applicant living in Colorado Springs, CO (the address answers rank the school suggestions). */
export async function coloradoStudent(
  browser: Browser,
  server: RunningServer,
  smtp: E2EStack['smtp'],
  scripts: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const email = nextEmail('lookup');
  await createAccount(server, smtp, email);
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: scripts, baseURL: server.url });
  await logIn(server, context, email);
  const saved = await call(server, context, 'PUT', '/api/answer', { city: 'Colorado Springs', state: 'CO', country: 'US' });
  if (saved.status !== 200) throw new Error(`saving the address answered ${saved.status}`);
  return { context, page: await context.newPage() };
}

/** Opens a form page and waits for the form island (it hydrates on the first interaction). */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path, { timeout: 60_000 });
  await page.waitForSelector('html[data-islands="ready"]', { state: 'attached', timeout: 30_000 });
  await page.locator('h1').hover();
  await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 30_000 });
}

export async function values(page: Page, keys: readonly string[]): Promise<Record<string, string>> {
  return page.evaluate(
    (ids) =>
      Object.fromEntries(
        ids.map((k) => [k, (document.getElementById(k) as HTMLInputElement | HTMLSelectElement | null)?.value ?? '(missing)']),
      ),
    [...keys],
  );
}

/** Types into a search like a person and picks the suggestion whose text matches `option`; waits for `filled` to be set. */
export async function pick(page: Page, key: string, text: string, option: RegExp, filled: { key: string; value: string }): Promise<void> {
  await page.locator(`#${key}`).focus();
  await page.keyboard.type(text, { delay: 50 });
  const choice = page.getByRole('option', { name: option }).first();
  await choice.waitFor({ timeout: 15_000 });
  await choice.click();
  await page.waitForFunction(
    ([id, value]) => (document.getElementById(id!) as HTMLInputElement | null)?.value === value,
    [filled.key, filled.value],
    {
      timeout: 15_000,
    },
  );
}

/** The notice under a search (its live region), as the applicant reads it. */
export async function noticeOf(page: Page, key: string): Promise<string> {
  return ((await page.locator(`#${key}-cleared`).textContent()) ?? '').trim();
}
