import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { PASSKEY_SIGN_IN_TEXTS } from '../../contracts/passkey-sign-in.js';
import type { Page } from 'playwright-core';
import { axeViolations, describeE2E, watchPageProblems } from '../helpers/browser.js';
import { createLoggedInUser } from '../helpers/users.js';
import { islandLive, startPasskeyStack, type PasskeyStack } from './passkeys-helpers.js';
import { axeViolationsWithoutJs } from './no-js-helpers.js';
import { PASSKEY_TEXTS } from '../../contracts/passkeys.js';
import { listPasskeys } from '../../db/repos/passkeys.server.js';
import { english } from '../../contracts/i18n/translate.js';

/**
 * Issue 41 in Chromium with a virtual authenticator: a signed-in applicant adds a passkey from the account menu, signs
 * out and signs in with it (no password, no code); removes it after a confirmation, after which it signs in no
 * more. Each page state is axe-clean, the removal works by keyboard, and without scripts the pages say plainly that
 * passkeys need them while the password path stays.
 */
let stack: PasskeyStack;
beforeAll(async () => {
  stack = await startPasskeyStack();
}, 120_000);
afterAll(() => stack?.close());

async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

async function openAccountMenuLink(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole(name === 'Log Out' ? 'button' : 'link', { name })
    .click();
}

describeE2E('passkeys (issue 41)', () => {
  it('add from the account menu, sign out, sign in with it; remove it by keyboard, then it is refused', async () => {
    const user = await createLoggedInUser(stack.ctx);
    const { context, page } = await stack.phone(user);
    const problems = watchPageProblems(page);
    await stack.addAuthenticator(page);

    await page.goto(`${stack.base}/about`);
    await openAccountMenuLink(page, PASSKEY_TEXTS.menuLink);
    await page.waitForURL('**/passkeys');
    await expect(page.locator('h1').textContent()).resolves.toBe(PASSKEY_TEXTS.pageTitle);
    await islandLive(page, 'PasskeyAdd');
    await expect(page.getByText(PASSKEY_TEXTS.none).isVisible()).resolves.toBe(true);
    await expectAxeClean(page);
    await stack.shot(page, 'passkeys-empty-390');

    // By keyboard: the name, then Enter submits the island's form.
    await page.getByLabel(PASSKEY_TEXTS.nameLabel).focus();
    await page.keyboard.type('Test phone');
    await page.keyboard.press('Enter');
    await page.locator('.passkey-list__name', { hasText: 'Test phone' }).waitFor();
    expect(await listPasskeys(stack.ctx.db.knex, user.id)).toHaveLength(1);
    await page.getByTestId('toast').getByText(PASSKEY_TEXTS.added).waitFor();
    await expectAxeClean(page);
    await stack.shot(page, 'passkeys-one-390');

    // Signed out, then in again with the passkey alone: first as the e-mail field's autofill offers it (Chromium's
    // virtual authenticator picks the passkey from the offer at once, as a person would pick it from the list).
    await openAccountMenuLink(page, 'Log Out');
    await page.waitForURL('**/login');
    await page.waitForURL('**/about');
    expect((await listPasskeys(stack.ctx.db.knex, user.id))[0]!.last_used_at).not.toBeNull();

    // Then with the button, in a browser that offers no passkey autofill.
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await openAccountMenuLink(page, 'Log Out');
    await page.waitForURL('**/login');
    // Loaded again: the log-out message's toast (shown once) would cover the button in the screenshot.
    await page.goto(`${stack.base}/login`);
    await islandLive(page, 'PasskeySignIn');
    const button = page.getByRole('button', { name: PASSKEY_SIGN_IN_TEXTS.button });
    await button.waitFor();
    await expect(page.locator('#username').getAttribute('autocomplete')).resolves.toBe('username webauthn');
    await expectAxeClean(page);
    await stack.shot(page, 'login-passkey-button-390');
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/about');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByText(user.username).waitFor();
    await page.keyboard.press('Escape');

    // Removed after a confirmation, by keyboard.
    await page.goto(`${stack.base}/passkeys`);
    await page.getByRole('link', { name: english(PASSKEY_TEXTS.removeLabel, { name: 'Test phone' }) }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: PASSKEY_TEXTS.confirmTitle }).waitFor();
    expect(await listPasskeys(stack.ctx.db.knex, user.id)).toHaveLength(1);
    await expectAxeClean(page);
    await stack.shot(page, 'passkeys-remove-confirm-390');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(PASSKEY_TEXTS.confirmButton);
    await page.keyboard.press('Enter');
    await page.getByText(PASSKEY_TEXTS.removed).waitFor();
    await page.getByText(PASSKEY_TEXTS.none).waitFor();
    expect(await listPasskeys(stack.ctx.db.knex, user.id)).toEqual([]);

    // The authenticator still holds the passkey; the server no longer knows it.
    await openAccountMenuLink(page, 'Log Out');
    await page.waitForURL('**/login');
    await islandLive(page, 'PasskeySignIn');
    await page.getByRole('button', { name: PASSKEY_SIGN_IN_TEXTS.button }).click();
    await page.getByRole('alert').filter({ hasText: PASSKEY_SIGN_IN_TEXTS.refused }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await context.cookies()).some((c) => c.name.includes('session'))).toBe(false);
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('without scripts: /login and /passkeys say passkeys need JavaScript; the password path and removal stay', async () => {
    const user = await createLoggedInUser(stack.ctx);
    const { context, page } = await stack.phone(null, { scripts: false });
    await page.goto(`${stack.base}/login`);
    // Playwright's text locators skip <noscript>, which a browser without scripts shows: located by its class.
    await expect(page.locator('.passkey-sign-in__note').textContent()).resolves.toBe(PASSKEY_SIGN_IN_TEXTS.needsScripts);
    await expect(page.locator('.passkey-sign-in__note').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: PASSKEY_SIGN_IN_TEXTS.button }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Submit' }).isVisible()).resolves.toBe(true);
    expect(await axeViolationsWithoutJs(page)).toEqual([]);
    await stack.shot(page, 'login-no-js-390');
    await context.close();

    const signedIn = await stack.phone(user, { scripts: false });
    await signedIn.page.goto(`${stack.base}/passkeys`);
    await expect(signedIn.page.locator('.passkey-add .alert').textContent()).resolves.toBe(PASSKEY_TEXTS.needsScripts);
    await expect(signedIn.page.locator('.passkey-add .alert').isVisible()).resolves.toBe(true);
    await expect(signedIn.page.getByRole('button', { name: PASSKEY_TEXTS.addButton }).isVisible()).resolves.toBe(false);
    expect(await axeViolationsWithoutJs(signedIn.page)).toEqual([]);
    await stack.shot(signedIn.page, 'passkeys-no-js-390');
    await signedIn.context.close();
  }, 60_000);
});
