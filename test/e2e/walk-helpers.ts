import { expect } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type { TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { launchBrowser, screenshot } from '../helpers/browser.js';
import { TEST_TMP } from '../helpers/paths.js';
import { PAGE_CHANGE_MARKER_ATTRIBUTE, PAGE_CHANGED_COOKIE } from '../../contracts/page-change.js';

/**
 * Issue 38 (the rough edges of a real walk): the in-process app and one Chromium, phones of a given width, with
 * or without scripts, and screenshots under .test-tmp/screenshots/issue-38/ for people to look at.
 */
export interface Walk {
  ctx: TestContext;
  base: string;
  browser: Browser;
  phone(user: TestUser | null, width?: number, javaScriptEnabled?: boolean): Promise<BrowserContext>;
  /** The whole page, or (`fullPage` false) the screen as the applicant sees it where the page is scrolled to. */
  shot(page: Page, name: string, fullPage?: boolean): Promise<void>;
  /** A form page with the form island hydrated (scripts on) or plainly loaded (scripts off). */
  openFormPage(page: Page, path: string, scripts?: boolean): Promise<void>;
  close(): Promise<void>;
}

const SHOTS = join(TEST_TMP, 'screenshots', 'issue-38');

export async function startWalk(): Promise<Walk> {
  await loadVikeBuild();
  mkdirSync(SHOTS, { recursive: true });
  const ctx = await createTestApp();
  const app: Server = ctx.app.listen(0, '127.0.0.1');
  await new Promise((r) => app.once('listening', r));
  const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  ctx.config.publicUrl = base;
  const browser = await launchBrowser();

  async function phone(user: TestUser | null, width = 390, javaScriptEnabled = true): Promise<BrowserContext> {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 844 } });
    if (user) {
      const [name, value] = user.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: base }]);
    }
    return context;
  }

  async function openFormPage(page: Page, path: string, scripts = true): Promise<void> {
    await page.goto(`${base}${path}`);
    // A student's first page load of a session goes to their last page (§2): once moved, the next one stays.
    if (new URL(page.url()).pathname !== path) {
      const marker = await page.getAttribute(`[${PAGE_CHANGE_MARKER_ATTRIBUTE}]`, PAGE_CHANGE_MARKER_ATTRIBUTE);
      expect(marker).toBeTruthy();
      await page.context().addCookies([{ name: PAGE_CHANGED_COOKIE, value: encodeURIComponent(marker ?? ''), url: base, sameSite: 'Lax' }]);
      await page.goto(`${base}${path}`);
    }
    expect(new URL(page.url()).pathname).toBe(path);
    if (!scripts) return;
    await page.waitForSelector('html[data-islands="ready"]', { state: 'attached' });
    await page.locator('h1').first().hover();
    await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached' });
  }

  return {
    ctx,
    base,
    browser,
    phone,
    openFormPage,
    shot: async (page, name, fullPage = true) => void (await screenshot(page, join(SHOTS, `${name}.png`), { fullPage })),
    close: async () => {
      await browser.close();
      app.close();
      await ctx.close();
    },
  };
}
