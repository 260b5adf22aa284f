import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { axeViolations, describeE2E } from '../helpers/browser.js';
import { AUTH_MESSAGES } from '../../contracts/auth-check.js';
import { startWalk, type Walk } from './walk-helpers.js';

/**
 * Issue 38 item 2: an auth card says what went wrong in words ("We could not confirm your account") and in
 * whole sentences, and /confirm reports an empty e-mail at the field and in the error summary, never only in
 * a toast: with scripts and without.
 */
let walk: Walk;
beforeAll(async () => {
  walk = await startWalk();
}, 120_000);
afterAll(() => walk?.close());

async function summary(page: Page): Promise<{ title: string; items: Array<{ href: string | null; text: string }> }> {
  return page.locator('.error-summary').evaluate((box) => ({
    title: box.querySelector('.error-summary__title')?.textContent ?? '',
    items: Array.from(box.querySelectorAll('li')).map((li) => ({
      href: li.querySelector('a')?.getAttribute('href') ?? null,
      text: li.textContent ?? '',
    })),
  }));
}

describeE2E('auth cards explain their errors (issue 38)', () => {
  it.each([true, false])(
    '/confirm with an empty e-mail (scripts %s): the message at the field and in the summary',
    async (scripts) => {
      const context = await walk.phone(null, 390, scripts);
      const page = await context.newPage();
      await page.goto(`${walk.base}/confirm`);
      if (scripts) await page.waitForSelector('[data-island="AuthCardConfirm"][data-hydrated="true"]', { state: 'attached' });
      await page.fill('#code', '123456');
      await page.click('button[type="submit"]');
      await page.locator('#username-error').getByText(AUTH_MESSAGES.email).waitFor();
      await expect(page.getAttribute('#username', 'aria-invalid')).resolves.toBe('true');
      await expect(summary(page)).resolves.toEqual({
        title: 'We could not confirm your account',
        items: [{ href: '#username', text: AUTH_MESSAGES.email }],
      });
      await expect(page.locator('.toast').count()).resolves.toBe(0);
      // axe runs as a script of the page: only where the page runs scripts.
      if (scripts) expect(await axeViolations(page)).toEqual([]);
      await walk.shot(page, `confirm-empty-email-${scripts ? 'js' : 'nojs'}`);
      await context.close();
    },
    60_000,
  );

  it.each([true, false])(
    '/signup with a short password (scripts %s): whole sentences under a title in words',
    async (scripts) => {
      const context = await walk.phone(null, 390, scripts);
      const page = await context.newPage();
      await page.goto(`${walk.base}/signup`);
      if (scripts) await page.waitForSelector('[data-island="AuthCardSignup"][data-hydrated="true"]', { state: 'attached' });
      await page.fill('#username', 'ada@example.org');
      await page.fill('#password', 'short');
      await page.click('button[type="submit"]');
      const messages = [
        'Your password must be at least 12 characters long.',
        'Your password must have an uppercase letter.',
        'Your password must have a number.',
      ];
      await page.locator('#password-error').getByText(messages[0]!).waitFor();
      await expect(page.locator('#password-error li').allTextContents()).resolves.toEqual(expect.arrayContaining(messages));
      await expect(summary(page)).resolves.toEqual({
        title: 'We could not create your account',
        items: [{ href: '#password', text: messages[0] }],
      });
      if (scripts) await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('password');
      await walk.shot(page, `signup-short-password-${scripts ? 'js' : 'nojs'}`);
      await context.close();
    },
    60_000,
  );
});
