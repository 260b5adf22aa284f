import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { watchPageProblems } from '../helpers/browser.js';
import { startServer, type RunningServer } from '../helpers/server.js';
import { TEST_TMP } from '../helpers/paths.js';

/** Shared by the form browser tests (form-conditional-blocks, form-visitors-shell): the server, opening a page, hydration. */

/** The production server with an open application window, so the shell's banner sits inside the form island's server slot. */
export async function startFormServer(name: string): Promise<RunningServer> {
  const year = new Date().getFullYear();
  return startServer({
    dataDir: mkdtempSync(join(TEST_TMP, `e2e-${name}-`)),
    env: { WORKER: 'off', APPLICATION_WINDOW_START: `${year - 1}-01-01T00:00:00Z`, APPLICATION_WINDOW_END: `${year + 1}-12-31T00:00:00Z` },
  });
}

/** Opens `path` in a new page (kept in `pages` for closing), waits for the islands and, unless told not to, hydrates the form. */
export async function openPage(
  browser: Browser,
  server: RunningServer,
  pages: Page[],
  path: string,
  options: { hydrate?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; problems: () => string[] }> {
  const page = await browser.newPage(options.viewport ? { viewport: options.viewport } : {});
  pages.push(page);
  const problems = watchPageProblems(page);
  await page.goto(server.url + path);
  await page.waitForSelector('html[data-islands="ready"]', { state: 'attached', timeout: 20_000 });
  if (options.hydrate !== false) await hydrate(page);
  return { page, problems: () => [...problems] };
}

/** The form hydrates in idle time after load, or at once on the first interaction: moving the pointer over it is one. */
export async function hydrate(page: Page) {
  await page.locator('h1').hover();
  await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 20_000 });
}

export async function carried(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => JSON.parse(window.sessionStorage.getItem('freshman.answers') ?? '{}'));
}

export function isoDaysAgo(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
