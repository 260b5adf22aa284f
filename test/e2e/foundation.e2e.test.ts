import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeE2E, launchBrowser, watchPageProblems } from '../helpers/browser.js';
import { startServer, type RunningServer } from '../helpers/server.js';
import { TEST_TMP } from '../helpers/paths.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The footer modals hydrate on first interaction: reaching for the Help link loads and hydrates it. */
async function expectHydrated(page: Page) {
  await page.waitForSelector('html[data-islands="ready"]', { state: 'attached', timeout: 20_000 });
  await page.getByRole('button', { name: 'Help' }).hover();
  await page.waitForSelector('[data-island="HelpModal"][data-hydrated="true"]', { state: 'attached', timeout: 20_000 });
}

for (const mode of ['production', 'dev'] as const) {
  describeE2E(`the shells on the ${mode} server`, () => {
    let server: RunningServer;
    beforeAll(async () => {
      // The embedded default in a browser, on every run: the other e2e servers use PostgreSQL when the run does.
      server = await startServer({ mode, dataDir: mkdtempSync(join(TEST_TMP, `e2e-${mode}-`)), embeddedDatabase: 'template' });
    }, 150_000);
    afterAll(() => server?.stop());

    it('hydrates islands under a nonce CSP without any CSP violation', async () => {
      const page = await browser.newPage();
      const problems = watchPageProblems(page);
      const response = await page.goto(`${server.url}/about`);
      const csp = response!.headers()['content-security-policy']!;
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      await expectHydrated(page);
      expect(problems.filter((p) => /Content Security Policy|Refused/.test(p))).toEqual([]);
      await page.close();
    });

    if (mode === 'production') {
      it('opens and closes the Help modal by mouse, on the very first click, without a CSP violation', async () => {
        const page = await browser.newPage();
        const problems = watchPageProblems(page);
        await page.goto(`${server.url}/about`);
        expect(await page.locator('[data-island="HelpModal"][data-hydrated="true"]').count()).toBe(0);
        await page.getByRole('button', { name: 'Help' }).click();
        const dialog = page.getByRole('dialog', { name: 'Need help?' });
        // The click arrived before the island's code: it is replayed once hydrated.
        await dialog.waitFor({ state: 'visible', timeout: 10_000 });
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(problems.filter((p) => /Content Security Policy|Refused/.test(p))).toEqual([]);
        await page.close();
      });

      it('opens the Help modal by keyboard, traps focus, closes on Escape and returns focus', async () => {
        const page = await browser.newPage();
        await page.goto(`${server.url}/about`);
        const trigger = page.getByRole('button', { name: 'Help' });
        await trigger.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Need help?' });
        await dialog.waitFor();
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Tab');
          const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
          expect(inside).toBe(true);
        }
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        const focusedText = await page.evaluate(() => document.activeElement?.textContent);
        expect(focusedText).toBe('Help');
        await page.close();
      });

      it('finds no axe-core violations on the form shell, with the Help modal open, and on the auth shell', async () => {
        const page = await browser.newPage();
        await page.goto(`${server.url}/about`);
        await expectHydrated(page);
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Help' }).click();
        await page.getByRole('dialog').waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page.goto(`${server.url}/login`);
        expect(await axeViolations(page)).toEqual([]);
        await page.close();
      });

      it('shows the short step names on a 320 px screen without horizontal scrolling', async () => {
        const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
        await page.goto(`${server.url}/about`);
        // Until the island hydrates the steps are submit buttons (DESIGN §6), then links: one of each is visible.
        await expect(page.getByText('Step 2').filter({ visible: true }).count()).resolves.toBe(1);
        // The long name is out of sight (a 1 px clipped box), yet still the link's accessible name.
        const longNameBoxes = await page
          .getByText('2. Your academics')
          .evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect()).filter((r) => r.width > 1 || r.height > 1).length);
        expect(longNameBoxes).toBe(0);
        await expect(
          page
            .getByRole('link', { name: '2. Your academics' })
            .or(page.getByRole('button', { name: '2. Your academics' }))
            .count(),
        ).resolves.toBeGreaterThan(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.close();
      });

      it('loads no JavaScript at all on a page without islands', async () => {
        const page = await browser.newPage();
        const scripts: string[] = [];
        page.on('request', (req) => {
          if (req.resourceType() === 'script') scripts.push(req.url());
        });
        // The generic error page (an invalid staff link); /completion now has islands and a guard (issue 5).
        await page.goto(`${server.url}/about?service_token=invalid`);
        await page.waitForLoadState('networkidle');
        expect(scripts).toEqual([]);
        expect(await page.locator('script').count()).toBe(0);
        await page.close();
      });
    }
  });
}
