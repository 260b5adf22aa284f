import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath, describeE2E } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { TEST_TMP } from '../helpers/paths.js';
import { chromiumArgs } from '../../workers/pdf/warm-browser.server.js';
import { KEPT_CLEAR_LABEL, KEPT_CLEARED_MESSAGE } from '../../contracts/kept-answers.js';
import { PASSWORD, call, nextEmail } from './lifecycle-helpers.js';
import { axeViolationsWithoutJs, flashText, logInWithoutJs, signUpWithoutJs } from './no-js-helpers.js';

/**
 * Issue 35 finding 3: a shared computer without scripts. A types a name and address on /about, presses "create an
 * account" and closes the browser; B opens the same browser profile. B must see none of A's answers, and B's new
 * account must hold none of them. A real Chromium profile on disk: lasting cookies survive the close, session
 * cookies do not, as for a person closing the window.
 */
let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('shared-computer', { WORKER: 'off' }));
}, 120_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

const A = {
  first_name: 'Annika',
  last_name: 'Aaltonen',
  birth_date: '2008-02-03',
  phone_mobile: '801 555 0123',
  address_line_1: '12 Elm Street',
  city: 'Ogden',
};

/** The shared computer's browser, scripts off, its profile in `profile`: opened, used and closed like a person would. */
function openProfile(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath!,
    args: chromiumArgs(),
    javaScriptEnabled: false,
    baseURL: server.url,
  });
}

async function typeA(page: Page): Promise<void> {
  await page.goto('/about');
  for (const [id, value] of Object.entries(A)) await page.fill(`#${id}`, value);
  await Promise.all([page.waitForURL('**/signup'), page.locator('.greeting').getByRole('button', { name: 'create an account' }).click()]);
}

async function expectNoneOfA(page: Page): Promise<void> {
  const html = await page.content();
  for (const value of ['Annika', 'Aaltonen', '2008-02-03', '(801) 555-0123', '801 555 0123', '12 Elm Street', 'Ogden'])
    expect(html).not.toContain(value);
  for (const id of Object.keys(A)) expect({ id, value: await page.inputValue(`#${id}`) }).toEqual({ id, value: '' });
}

describeE2E('a shared computer without scripts (issue 35 finding 3)', () => {
  it("B, opening the browser A closed, sees none of A's answers, and B's new account holds none of them", async () => {
    const profile = mkdtempSync(join(TEST_TMP, 'shared-profile-'));
    const a = await openProfile(profile);
    const aPage = a.pages()[0] ?? (await a.newPage());
    await typeA(aPage);
    // While A's browser is open, the answers are A's to carry into the account A creates.
    await aPage.goto('/about');
    expect(await aPage.inputValue('#address_line_1')).toBe('12 Elm Street');
    await a.close();

    const b = await openProfile(profile);
    const bPage = b.pages()[0] ?? (await b.newPage());
    await bPage.goto('/about');
    await expectNoneOfA(bPage);
    expect(await bPage.getByRole('button', { name: KEPT_CLEAR_LABEL }).count()).toBe(0);

    const email = nextEmail('shared-b');
    await signUpWithoutJs(bPage, smtp, email, PASSWORD);
    await logInWithoutJs(bPage, email, PASSWORD);
    expect(new URL(bPage.url()).pathname).toBe('/about');
    await expectNoneOfA(bPage);
    const saved = (await call(server, b, 'GET', '/api/profile')).body.answer as Record<string, unknown>;
    for (const key of Object.keys(A)) expect({ key, value: saved[key] ?? '' }).toEqual({ key, value: '' });
    await b.close();
  });

  it('"Not you? Clear the answers on this computer" clears them without scripts, and reads well on a phone', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await typeA(page);
    // The sign-up card says the answers travel, and offers to clear them.
    expect(await page.getByRole('button', { name: KEPT_CLEAR_LABEL }).count()).toBe(1);
    expect(await axeViolationsWithoutJs(page)).toEqual([]);
    await page.goto('/about');
    expect(await page.inputValue('#address_line_1')).toBe('12 Elm Street');
    const clear = page.getByRole('button', { name: KEPT_CLEAR_LABEL });
    expect(await clear.count()).toBe(1);
    expect(await axeViolationsWithoutJs(page)).toEqual([]);
    await page.locator('.kept-notice').scrollIntoViewIfNeeded();
    if (process.env.KEPT_SCREENSHOT) await page.screenshot({ path: process.env.KEPT_SCREENSHOT, fullPage: false });

    // By keyboard: the button is reached with Tab and pressed with Enter.
    await clear.focus();
    await Promise.all([page.waitForURL('**/about'), page.keyboard.press('Enter')]);
    await page.waitForLoadState('domcontentloaded');
    expect(await page.locator('.form-flash').innerText()).toContain(KEPT_CLEARED_MESSAGE);
    expect(await page.getByRole('button', { name: KEPT_CLEAR_LABEL }).count()).toBe(0);
    await expectNoneOfA(page);
    expect(await axeViolationsWithoutJs(page)).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('freshman.kept');
    await page.goto('/signup');
    expect(await flashText(page)).toBeNull();
    expect(await page.getByRole('button', { name: KEPT_CLEAR_LABEL }).count()).toBe(0);
    await context.close();
  });
});
