import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page, Response } from 'playwright-core';
import { axeViolations, describeE2E } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { AUTH_MESSAGES } from '../../contracts/auth-check.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { activeId, createAccount as makeAccount, hydrated, PASSWORD } from './auth-helpers.js';

let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];
let n = 0;
const nextEmail = () => `student${++n}-${Date.now()}@example.org`;

async function open(page: Page, path: string, island: string) {
  await page.goto(`${server.url}${path}`);
  await hydrated(page, island);
}

const createAccount = (username: string, password = PASSWORD) => makeAccount(server, smtp, username, password);

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('auth-cards', { WORKER: 'off' }));
}, 120_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

describeE2E('accounts in Chromium with a real SMTP receiver', () => {
  it('loads the rules only when a card first needs them (not on load or focus, but on the first input or submit), and never joi', async () => {
    // The cards' rules (contracts/auth-check.ts) are the only client code holding the confirmation-code message;
    // joi's browser bundle registers itself as a UMD global named joi.
    const scriptText = async (res: Response) => (res.request().resourceType() === 'script' ? await res.text() : '');
    const isRules = async (res: Response) => (await scriptText(res)).includes(AUTH_MESSAGES.code);
    const watch = (page: Page) => {
      const found: Promise<string>[] = [];
      // A body still arriving when the page closes cannot be read any more: not a rejection left unhandled.
      page.on('response', (res) => found.push(scriptText(res).catch((err: Error) => (page.isClosed() ? '' : Promise.reject(err)))));
      const texts = async () => Promise.all(found);
      return {
        rules: async () => (await texts()).some((t) => t.includes(AUTH_MESSAGES.code)),
        joi: async () => (await texts()).some((t) => t.includes('.joi=')),
      };
    };

    const page = await browser.newPage();
    const first = watch(page);
    await open(page, '/login', 'AuthCardLogin');
    await page.waitForLoadState('networkidle');
    await expect(first.rules()).resolves.toBe(false);
    // Focus alone does not fetch them: the request starts after the first character typed.
    await page.locator('#username').focus();
    const beforeInput = await page.evaluate(() => performance.now());
    const rules = page.waitForResponse(isRules);
    await page.keyboard.type('a');
    const requestedAt = await page.evaluate((url) => performance.getEntriesByName(url)[0]?.startTime ?? -1, (await rules).url());
    expect(requestedAt).toBeGreaterThanOrEqual(beforeInput);
    await page.waitForLoadState('networkidle');
    await expect(first.joi()).resolves.toBe(false);
    await page.close();

    // A submit with nothing typed first waits for the rules, then shows the server's messages.
    const second = await browser.newPage();
    const secondWatch = watch(second);
    await open(second, '/signup', 'AuthCardSignup');
    await second.waitForLoadState('networkidle');
    await expect(secondWatch.rules()).resolves.toBe(false);
    await second.click('button[type="submit"]');
    await second.locator('#username[aria-invalid="true"]').waitFor();
    await expect(second.locator('#username-error').textContent()).resolves.toBe('Your email address must be valid.');
    await expect(second.locator('#password-error').textContent()).resolves.toBe('Your password must be at least 12 characters long.');
    await expect(activeId(second)).resolves.toBe('username');
    await expect(secondWatch.joi()).resolves.toBe(false);
    await second.close();
  });

  it('keeps what a student typed before the card hydrated, and submits it', async () => {
    const email = nextEmail();
    await createAccount(email);
    const page = await browser.newPage();
    // Hold every script until the student has typed: the card is plain server HTML meanwhile.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/**/*.js', async (route) => {
      await released;
      await route.continue();
    });
    // Not waiting for 'load': that waits for the held scripts.
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await page.fill('#username', email);
    await page.fill('#password', PASSWORD);
    await expect(page.locator('[data-island="AuthCardLogin"][data-hydrated="true"]').count()).resolves.toBe(0);
    release();
    await hydrated(page, 'AuthCardLogin');
    await page.locator('button[type="submit"]:not([disabled])').waitFor();
    await expect(page.inputValue('#username')).resolves.toBe(email);
    await expect(page.inputValue('#password')).resolves.toBe(PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/about');
    await page.close();
  });

  const PAGES = [
    { path: '/login', island: 'AuthCardLogin', order: ['username', 'password', 'Submit'] },
    { path: '/signup', island: 'AuthCardSignup', order: ['username', 'password', 'Submit'] },
    { path: '/confirm', island: 'AuthCardConfirm', order: ['username', 'code', 'Submit'] },
    { path: '/forgot', island: 'AuthCardForgot', order: ['username', 'Submit'] },
    {
      path: '/reset?username=a%40example.org&id=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      island: 'AuthCardReset',
      order: ['username', 'password', 'confirm_password', 'Submit'],
    },
  ];

  // One page per card for both checks (they were two tests opening each card once each): by keyboard first, as
  // the Enter it ends with shows the field errors axe-core then checks.
  it('on each of the five pages: Tab order e-mail → password → Submit and Enter submits; axe-core finds no violations, also with errors and toasts shown', async () => {
    for (const { path, island, order } of PAGES) {
      const page = await browser.newPage();
      await open(page, path, island);
      expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });

      // Keyboard alone: the Tab order, then Enter in a field submits (here: the empty or incomplete form is
      // stopped with focus on the first error).
      await page.locator('#username').focus();
      for (const expected of order.slice(1)) {
        await page.keyboard.press('Tab');
        await expect(activeId(page)).resolves.toBe(expected);
      }
      await page.locator('#username').focus();
      if (path.startsWith('/reset')) await page.locator('#password').focus();
      await page.keyboard.press('Enter');
      await page.locator('[aria-invalid="true"]').first().waitFor();

      // Field errors (the submit above), then a checklist in mixed states.
      if (await page.locator('#password').count()) await page.fill('#password', 'abcdef');
      expect({ path, state: 'errors', violations: await axeViolations(page) }).toEqual({ path, state: 'errors', violations: [] });
      // An error toast and a success toast.
      await page.evaluate(() => {
        sessionStorage.setItem('freshman.flash', JSON.stringify({ kind: 'success', message: 'Shown for the accessibility check.' }));
      });
      await page.reload();
      await hydrated(page, island);
      await page.locator('.toast').first().waitFor();
      await page.click('button[type="submit"]');
      await page.locator('[aria-invalid="true"]').first().waitFor();
      expect({ path, state: 'toast', violations: await axeViolations(page) }).toEqual({ path, state: 'toast', violations: [] });
      await page.close();
    }
  });

  it('the keyboard alone gets a student through the login card', async () => {
    const email = nextEmail();
    await createAccount(email);
    const page = await browser.newPage();
    await open(page, '/login', 'AuthCardLogin');
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // the language switch in the header
    await expect(page.evaluate(() => document.activeElement?.getAttribute('hreflang'))).resolves.toBe('es');
    await page.keyboard.press('Tab');
    await expect(activeId(page)).resolves.toBe('username');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Tab');
    await expect(activeId(page)).resolves.toBe('Submit');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/about');
    await page.close();
  });

  it('the checklist collapses to one column at the 600 px breakpoint', async () => {
    const page = await browser.newPage({ viewport: { width: 600, height: 800 } });
    await open(page, '/signup', 'AuthCardSignup');
    const columns = await page.locator('.checklist__items').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(1);
    await page.setViewportSize({ width: 1000, height: 800 });
    const wide = await page.locator('.checklist__items').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(wide).toBe(2);
    await page.close();
  });
});
