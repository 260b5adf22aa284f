import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { describeE2E, launchBrowser } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { carried, isoDaysAgo, openPage, startFormServer } from './form-helpers.js';

let browser: Browser;
let server: RunningServer;
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startFormServer('form-conditional-blocks');
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});
afterEach(async () => {
  for (const page of pages.splice(0)) await page.close().catch(() => {});
});

const open = (path: string, options: { hydrate?: boolean; viewport?: { width: number; height: number } } = {}) =>
  openPage(browser, server, pages, path, options);

describeE2E('the application form in Chromium (production server)', () => {
  describe('conditional display (§4)', () => {
    it('shows residency, driver license and free lunch for Utah, and hides and clears them for another state', async () => {
      const { page, problems } = await open('/about');
      const residency = page.locator('#state_legal_residency');
      await expect(residency.count()).resolves.toBe(0);
      await page.selectOption('#state', 'UT');
      await expect(residency.isVisible()).resolves.toBe(true);
      await expect(page.locator('#state_driver_license').isVisible()).resolves.toBe(true);
      await expect(page.locator('#free_lunch').isVisible()).resolves.toBe(true);
      await page
        .getByRole('radiogroup', { name: /legal resident/ })
        .getByLabel('Yes')
        .check();
      await page
        .getByRole('radiogroup', { name: /driver license/ })
        .getByLabel('No')
        .check();
      await page
        .getByRole('radiogroup', { name: /free or reduced lunch/ })
        .getByLabel('Yes')
        .check();
      expect(await carried(page)).toMatchObject({
        state: 'UT',
        state_desc: 'Utah',
        state_legal_residency: 'Y',
        state_driver_license: 'N',
        free_lunch: 'Y',
      });

      await page.selectOption('#state', 'CO');
      await expect(residency.count()).resolves.toBe(0);
      await expect(page.locator('#free_lunch').count()).resolves.toBe(0);
      expect(await carried(page)).toMatchObject({
        state: 'CO',
        state_legal_residency: '',
        state_legal_residency_desc: '',
        state_driver_license: '',
        free_lunch: '',
      });

      // Guam: residency questions but no free lunch; nothing answered before comes back.
      await page.selectOption('#state', 'GU');
      await expect(residency.isVisible()).resolves.toBe(true);
      await expect(residency.isChecked()).resolves.toBe(false);
      await expect(page.locator('#free_lunch').count()).resolves.toBe(0);
      expect(problems()).toEqual([]);
    });

    it('clears a dependent select when its controller changes', async () => {
      const { page } = await open('/education');
      await page
        .getByRole('radiogroup', { name: /defer your enrollment/ })
        .getByLabel('Yes')
        .check();
      await expect(page.locator('#defer_term').count()).resolves.toBe(0);
      await page.selectOption('#defer_reason', '1');
      await page.selectOption('#defer_term', { label: 'Fall 2028' });
      expect(await carried(page)).toMatchObject({ defer_reason: '1', defer_term: 'FA2028', defer_term_desc: 'Fall 2028' });
      await page.selectOption('#defer_reason', '3');
      await expect(page.locator('#defer_term').inputValue()).resolves.toBe('');
      expect(await carried(page)).toMatchObject({ defer_reason: '3', defer_term: '', defer_term_desc: '' });
      // The other branch of the group: deciding not to defer clears the deferral answers.
      await page
        .getByRole('radiogroup', { name: /defer your enrollment/ })
        .getByLabel('No')
        .check();
      await expect(page.locator('#defer_reason').count()).resolves.toBe(0);
      expect(await carried(page)).toMatchObject({ defer_plan: 'N', defer_reason: '' });
    });
  });

  describe('building blocks (§2)', () => {
    it('formats the phone as it is typed', async () => {
      const { page } = await open('/about');
      const phone = page.locator('#phone_home');
      await phone.click();
      await page.keyboard.type('801');
      await expect(phone.inputValue()).resolves.toBe('(801');
      await page.keyboard.type('5551234');
      await expect(phone.inputValue()).resolves.toBe('(801) 555-1234');
      await page.keyboard.type('99');
      await expect(phone.inputValue()).resolves.toBe('(801) 555-1234');
      await page.keyboard.press('Backspace');
      await expect(phone.inputValue()).resolves.toBe('(801) 555-123');
    });

    it('shows the 13-years message for a birth date 12 years ago, after leaving the field', async () => {
      const { page } = await open('/about');
      const birth = page.locator('#birth_date');
      await birth.fill(isoDaysAgo(12));
      await expect(page.locator('#birth_date-error').textContent()).resolves.toBe('');
      await birth.blur();
      await page.getByText('You must be 13 years or older to apply.').waitFor();
      await expect(birth.getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(page.locator('#birth_date-error').textContent()).resolves.toContain('You must be 13 years or older to apply.');
      // Live after the first blur: a valid date removes the message without another blur.
      await birth.fill(isoDaysAgo(17));
      await page.getByText('You must be 13 years or older to apply.').waitFor({ state: 'detached' });
      await expect(birth.getAttribute('aria-invalid')).resolves.toBeNull();
    });

    it('counts the characters of a textarea as they are typed', async () => {
      const { page } = await open('/education');
      const counter = page.locator('#college_pay-count');
      await expect(counter.textContent()).resolves.toBe('Character count: 0 / 7000');
      await page.locator('#college_pay').click();
      await page.keyboard.type('Savings and work');
      await expect(counter.textContent()).resolves.toBe('Character count: 16 / 7000');
    });

    it('adds high schools up to the maximum of five and no further', async () => {
      const { page } = await open('/education');
      const add = page.getByRole('button', { name: 'Add another high school' });
      await expect(page.locator('.repeater__item').count()).resolves.toBe(1);
      for (let n = 2; n <= 5; n++) {
        await add.click();
        await expect(page.locator('.repeater__item').count()).resolves.toBe(n);
        await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(`High School ${n}`);
      }
      await expect(add.count()).resolves.toBe(0);
      await expect(page.getByText('You have added the maximum of 5.').isVisible()).resolves.toBe(true);
      await expect(page.locator('#hs_5_name').isVisible()).resolves.toBe(true);
      await expect(page.locator('#hs_6_name').count()).resolves.toBe(0);
    });

    it('switches tabs by mouse and by keyboard', async () => {
      const { page } = await open('/final-steps');
      const decision = page.getByRole('tab', { name: 'Decision' });
      await expect(decision.getAttribute('aria-selected')).resolves.toBe('true');
      await expect(page.getByText('no application fee', { exact: false }).count()).resolves.toBe(0);
      await page.getByRole('tab', { name: 'Cost to apply' }).click();
      await expect(page.getByText('There is no application fee.').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('tabpanel').filter({ hasText: 'Most applicants' }).count()).resolves.toBe(0);
      // Keyboard: arrows move between tabs, Enter chooses.
      await page.getByRole('tab', { name: 'Cost to apply' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Scholarships');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('tab', { name: 'Scholarships' }).getAttribute('aria-selected')).resolves.toBe('true');
      await expect(
        page.getByText(/considered for merit scholarships automatically; there is no separate application/).isVisible(),
      ).resolves.toBe(true);
    });

    it('shows the document question under its tab, explaining to a logged-out visitor that it needs an account', async () => {
      const { page, problems } = await open('/education');
      await expect(page.locator('#transcript').count()).resolves.toBe(0);
      await page.getByRole('tab', { name: 'I will upload it now' }).click();
      await page.locator('#transcript').waitFor();
      await expect(page.getByText('This question can be finished once you have created an account.').first().isVisible()).resolves.toBe(
        true,
      );
      await expect(page.locator('#transcript').getAttribute('aria-describedby')).resolves.toContain('transcript-error');
      await page.getByRole('tab', { name: 'My counselor will send it' }).click();
      await expect(page.locator('#transcript').count()).resolves.toBe(0);
      expect(problems()).toEqual([]);
    });

    it('toggles the confirmation trigger between its before and after content', async () => {
      const { page } = await open('/final-steps');
      const before = page.getByText('Before you submit, please confirm', { exact: false });
      const after = page.getByText('Thank you. You can now submit your application.');
      await expect(before.isVisible()).resolves.toBe(true);
      await expect(after.count()).resolves.toBe(0);
      await page.locator('#legal_agree').check();
      await expect(after.isVisible()).resolves.toBe(true);
      await expect(before.count()).resolves.toBe(0);
      expect(await carried(page)).toMatchObject({ legal_agree: true });
      await page.locator('#legal_agree').uncheck();
      await expect(before.isVisible()).resolves.toBe(true);
      await expect(after.count()).resolves.toBe(0);
    });

    it('scrolls to and focuses the question named in the address (/{page}#{key})', async () => {
      // A #question makes the island hydrate at once.
      const { page } = await open('/about#city', { hydrate: false });
      await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 20_000 });
      await page.waitForFunction(() => document.activeElement?.id === 'city');
      await page.evaluate(() => {
        window.location.hash = 'gender';
      });
      await page.waitForFunction(() => document.activeElement?.id === 'gender');
    });
  });
});
