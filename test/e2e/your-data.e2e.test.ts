import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { axeViolations, describeE2E } from '../helpers/browser.js';
import { createLoggedInUser } from '../helpers/users.js';
import { startWalk, type Walk } from './walk-helpers.js';

/**
 * Issue 38 item 6: "Your data" (download, and before submitting delete) is a page of its own, reached from the
 * account menu on every form page and from the footer, with scripts and without; visitors are sent to log in.
 */
let walk: Walk;
beforeAll(async () => {
  walk = await startWalk();
}, 120_000);
afterAll(() => walk?.close());

async function onYourData(page: Page): Promise<void> {
  await page.waitForURL('**/your-data');
  await expect(page.locator('h1').textContent()).resolves.toBe('Your data');
  await expect(page.getByRole('link', { name: 'Download your data' }).getAttribute('href')).resolves.toBe('/account/data.zip');
  await expect(page.getByRole('button', { name: 'Delete my application and account' }).count()).resolves.toBe(1);
}

describeE2E('Your data (issue 38)', () => {
  it.each(['/about', '/education', '/final-steps'])(
    'is reached from the account menu on %s',
    async (path) => {
      const user = await createLoggedInUser(walk.ctx);
      const context = await walk.phone(user);
      const page = await context.newPage();
      await walk.openFormPage(page, path);
      await page.getByRole('button', { name: 'Account' }).click();
      const menu = page.getByRole('dialog', { name: 'Account' });
      await menu.getByRole('link', { name: 'Your data' }).waitFor();
      if (path === '/about') await walk.shot(page, 'account-menu-your-data', false);
      await menu.getByRole('link', { name: 'Your data' }).click();
      await onYourData(page);
      if (path === '/about') {
        expect(await axeViolations(page)).toEqual([]);
        await walk.shot(page, 'your-data-390');
      }
      await context.close();
    },
    60_000,
  );

  it("without scripts: from the header's account links and from the footer", async () => {
    const user = await createLoggedInUser(walk.ctx);
    const context = await walk.phone(user, 390, false);
    const page = await context.newPage();
    await walk.openFormPage(page, '/education', false);
    await page.locator('.account__fallback').getByRole('link', { name: 'Your data' }).click();
    await onYourData(page);
    await page.locator('.site-footer').getByRole('link', { name: 'Your data' }).click();
    await onYourData(page);
    await context.close();
  }, 60_000);

  it('a visitor is sent to log in, and sees no "Your data" in the footer', async () => {
    const context = await walk.phone(null, 390, false);
    const page = await context.newPage();
    await page.goto(`${walk.base}/your-data`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.locator('.site-footer').getByRole('link', { name: 'Your data' }).count()).resolves.toBe(0);
    await context.close();
  }, 60_000);
});
