import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeE2E, launchBrowser } from '../helpers/browser.js';
import { startServer, type RunningServer } from '../helpers/server.js';
import { TEST_TMP } from '../helpers/paths.js';

let browser: Browser;
let server: RunningServer;
let page: Page | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ dataDir: mkdtempSync(join(TEST_TMP, 'e2e-form-a11y-')), env: { WORKER: 'off' } });
}, 90_000);
afterEach(async () => {
  await page?.close();
  page = undefined;
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

async function open(path: string): Promise<Page> {
  page = await browser.newPage();
  await page.goto(server.url + path);
  await page.waitForSelector('html[data-islands="ready"]', { state: 'attached', timeout: 20_000 });
  await page.locator('h1').hover();
  await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 20_000 });
  return page;
}

/** The answer keys of every control the page shows (a radio group counts once, by its name). */
function visibleQuestionNames(p: Page): Promise<string[]> {
  return p.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll<HTMLInputElement>('main input[name], main select[name], main textarea[name]')].map((e) => e.name),
    ),
  ]);
}

/** Presses Tab from the top of the page until focus leaves the form; returns the names and ids focused, in order. */
async function tabThrough(p: Page): Promise<{ names: string[]; ids: string[] }> {
  await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const names: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < 300; i++) {
    await p.keyboard.press('Tab');
    const focused = await p.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el ? { name: el.getAttribute('name') ?? '', id: el.id, inFooter: Boolean(el.closest('footer')) } : null;
    });
    if (!focused || focused.inFooter) break;
    if (focused.name) names.push(focused.name);
    if (focused.id) ids.push(focused.id);
  }
  return { names, ids };
}

describeE2E('the form pages for keyboard and screen-reader users', () => {
  for (const path of ['/about', '/education', '/final-steps']) {
    it(`${path}: no axe-core violations empty, every question reachable by Tab, and no violations with the errors shown`, async () => {
      const p = await open(path);
      expect(await axeViolations(p)).toEqual([]);

      const expected = await visibleQuestionNames(p);
      expect(expected.length).toBeGreaterThan(0);
      const { names } = await tabThrough(p);
      expect(expected.filter((name) => !names.includes(name))).toEqual([]);

      // Tabbing out of every field counts as leaving it: the required ones now show their messages.
      {
        await p.locator('.field__error-message').first().waitFor();
        const invalid = await p.locator('[aria-invalid="true"]').count();
        expect(invalid).toBeGreaterThan(0);
        // Each message sits in the element the input points at.
        const wiring = await p.evaluate(() =>
          [...document.querySelectorAll('[aria-invalid="true"]')].every((el) => {
            const key = el.getAttribute('name') ?? el.id;
            const error = document.getElementById(`${key}-error`);
            return Boolean(error?.textContent) && (el.getAttribute('aria-describedby') ?? '').split(' ').includes(`${key}-error`);
          }),
        );
        expect(wiring).toBe(true);
      }
      expect(await axeViolations(p)).toEqual([]);
    });
  }

  it('/education with the upload tab chosen: no axe-core violations (a visitor sees the locked picker; the upload control is checked in documents-upload)', async () => {
    const p = await open('/education');
    await p.getByRole('tab', { name: 'I will upload it now' }).click();
    await p.locator('#transcript[aria-disabled="true"]').waitFor();
    expect(await axeViolations(p)).toEqual([]);
  });

  it('reflows at 320 CSS px: no horizontal scrolling on any step', async () => {
    page = await browser.newPage({ viewport: { width: 320, height: 640 } });
    for (const path of ['/about', '/education', '/final-steps']) {
      await page.goto(server.url + path);
      await page.waitForSelector('html[data-islands="ready"]', { state: 'attached', timeout: 20_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect([path, overflow]).toEqual([path, 0]);
    }
  });

  it('/about works by keyboard alone: typing, radios, a select that reveals questions, a check box', async () => {
    const p = await open('/about');
    await p.locator('#first_name').focus();
    await p.keyboard.type('Ada');
    await expect(p.locator('#first_name').inputValue()).resolves.toBe('Ada');

    await p.locator('#gender').focus();
    await p.keyboard.press('Space');
    await expect(p.locator('#gender').isChecked()).resolves.toBe(true);
    await p.keyboard.press('ArrowRight');
    await expect(p.locator('#gender--M').isChecked()).resolves.toBe(true);

    await p.locator('#state').focus();
    await p.keyboard.type('Utah');
    await p.locator('#free_lunch').waitFor();
    // The newly shown questions follow the select in Tab order.
    await p.locator('#zip').focus();
    const { ids } = await tabThrough(p);
    expect(ids).toEqual(expect.arrayContaining(['state_legal_residency', 'state_driver_license', 'free_lunch']));

    await p.locator('#optin_sms_ind').focus();
    await p.keyboard.press('Space');
    await expect(p.locator('#optin_sms_ind').isChecked()).resolves.toBe(true);
  });

  it('/education: the add-another button works with Enter and moves focus to the new school', async () => {
    const p = await open('/education');
    await p.getByRole('button', { name: 'Add another high school' }).focus();
    await p.keyboard.press('Enter');
    await expect(p.evaluate(() => document.activeElement?.textContent)).resolves.toBe('High School 2');
    await p.keyboard.press('Tab');
    await expect(p.evaluate(() => document.activeElement?.id)).resolves.toBe('hs_2_name');
  });

  it('/final-steps: the certification check box toggles with Space', async () => {
    const p = await open('/final-steps');
    await p.locator('#legal_agree').focus();
    await p.keyboard.press('Space');
    await p.getByText('Thank you. You can now submit your application.').waitFor();
  });
});
