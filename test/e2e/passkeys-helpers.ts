import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type { TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { launchBrowser, screenshot } from '../helpers/browser.js';
import { TEST_TMP } from '../helpers/paths.js';

/**
 * Issue 41's browser tests: the in-process app served as http://localhost:<port> (WebAuthn refuses an IP address as
 * the RP ID, and PUBLIC_URL names the site the passkeys belong to), Chromium with a virtual authenticator per
 * context (the DevTools protocol's WebAuthn domain: a platform authenticator that holds passkeys and verifies the
 * user at once), and screenshots for people to look at (PASSKEY_SHOTS, else under .test-tmp/).
 */
export interface PasskeyStack {
  ctx: TestContext;
  base: string;
  browser: Browser;
  /** A phone-sized context (390 px), logged in as `user` when given, with a virtual authenticator when `authenticator`. */
  phone(user: TestUser | null, options?: { scripts?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }>;
  shot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

const SHOTS = process.env.PASSKEY_SHOTS ?? join(TEST_TMP, 'screenshots', 'passkeys');

export async function startPasskeyStack(): Promise<PasskeyStack> {
  await loadVikeBuild();
  mkdirSync(SHOTS, { recursive: true });
  const ctx = await createTestApp();
  const app: Server = ctx.app.listen(0, '127.0.0.1');
  await new Promise((r) => app.once('listening', r));
  const base = `http://localhost:${(app.address() as AddressInfo).port}`;
  ctx.config.publicUrl = base;
  const browser = await launchBrowser();

  async function phone(user: TestUser | null, options: { scripts?: boolean } = {}) {
    const context = await browser.newContext({ javaScriptEnabled: options.scripts ?? true, viewport: { width: 390, height: 844 } });
    if (user) {
      const [name, value] = user.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: base }]);
    }
    return { context, page: await context.newPage() };
  }

  async function addAuthenticator(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { cdp, authenticatorId };
  }

  return {
    ctx,
    base,
    browser,
    phone,
    addAuthenticator,
    shot: async (page, name) => void (await screenshot(page, join(SHOTS, `${name}.png`), { fullPage: true })),
    close: async () => {
      await browser.close();
      app.close();
      await ctx.close();
    },
  };
}

/** Waits until the island is live (hydrated in idle time after load; hovering the page hurries it). */
export async function islandLive(page: Page, name: string): Promise<void> {
  await page.waitForSelector('html[data-islands="ready"]', { state: 'attached' });
  await page.locator('h1').first().hover();
  await page.waitForSelector(`[data-island="${name}"][data-hydrated="true"]`, { state: 'attached' });
}
