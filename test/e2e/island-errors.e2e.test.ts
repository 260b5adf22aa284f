import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { describeE2E } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { call, createAccount, expectToast, hydrated, logIn, nextEmail } from './lifecycle-helpers.js';
import { TEST_CRASH_EVENT } from '../../islands/ui/test-crash.js';
import { INLINE_FALLBACK_MESSAGE, UNEXPECTED_ERROR_TITLE } from '../../islands/ui/IslandBoundary.js';
import { FLASH_KEY } from '../../islands/ui/navigation-state.js';

let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('island-errors', { WORKER: 'off' }));
}, 120_000);
afterAll(async () => {
  await stopE2EStack({ browser, server, smtp });
});

/** Makes the named island throw while rendering, through the test-only hook (pages of a NODE_ENV=test server). */
function crash(page: Page, island: string): Promise<void> {
  return page.evaluate(([event, name]) => void window.dispatchEvent(new CustomEvent(event, { detail: name })), [
    TEST_CRASH_EVENT,
    island,
  ] as const);
}

describeE2E('an island that crashes (§2 error boundaries, §8 Unexpected Error)', () => {
  it('shows the Unexpected Error dialog, saves what was typed, and leaves the rest of the page working', async () => {
    const email = nextEmail('crash');
    await createAccount(server, smtp, email);
    const context = await browser.newContext();
    await logIn(server, context, email);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(`${server.url}/about`);
    await hydrated(page, 'Form');
    await page.waitForLoadState('networkidle');

    // Typed, not yet saved (the background save waits for typing to stop), then the form island crashes.
    await page.locator('#first_name').fill('Crashproof');
    await crash(page, 'Form');

    const dialog = page.getByRole('alertdialog', { name: UNEXPECTED_ERROR_TITLE });
    await dialog.waitFor({ state: 'visible' });
    await expect(page.locator('[data-island-error="Form"]').textContent()).resolves.toContain(INLINE_FALLBACK_MESSAGE);
    await expect(page.locator('#first_name').count()).resolves.toBe(0);
    // The answer typed before the crash reached the server.
    await page.waitForFunction(
      async () =>
        (await (await fetch('/api/profile', { headers: { Accept: 'application/json' } })).json()).answer.first_name === 'Crashproof',
      undefined,
      { polling: 200, timeout: 15_000 },
    );
    expect((await call(server, context, 'GET', '/api/profile')).body.answer.first_name).toBe('Crashproof');

    // The rest of the page keeps working: close the dialog, then the footer's Help modal (another island) opens.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('dialog', { name: 'Need help?' }).waitFor({ state: 'visible' });
    // Nothing escaped the boundary to the window.
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("shows toasts on a logged-out visitor's page (the Toaster loads for a waiting flash message)", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    await page.evaluate(
      ([key]) => sessionStorage.setItem(key!, JSON.stringify({ kind: 'success', message: 'Carried to a visitor page.' })),
      [FLASH_KEY],
    );
    await page.goto(`${server.url}/education`);
    await expectToast(page, 'Success', 'Carried to a visitor page.');
    await context.close();
  });
});
