import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { MANUAL_ENTRY_MESSAGE } from '../../contracts/lookup.js';
import { axeViolations, describeE2E, launchBrowser, watchPageProblems } from '../helpers/browser.js';
import { startServer, type RunningServer } from '../helpers/server.js';
import { waitForLookupData } from '../helpers/lookup-data.js';
import { TEST_TMP } from '../helpers/paths.js';

/** School 1 of /education (§3: keys prefixed hs_), the block the combobox fills. */
const BLOCK = ['hs_name', 'hs_address_line_1', 'hs_city', 'hs_state', 'hs_zip', 'hs_ceeb', 'hs_country'] as const;

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ dataDir: mkdtempSync(join(TEST_TMP, 'e2e-lookup-')) });
  await waitForLookupData(server.url);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openEducation(page: Page) {
  await page.goto(`${server.url}/education`);
  await page.waitForSelector('html[data-islands="ready"]', { state: 'attached', timeout: 30_000 });
  // The form island hydrates on the first interaction; moving the pointer is one.
  await page.locator('h1').hover();
  await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 30_000 });
}

async function block(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    (keys) => Object.fromEntries(keys.map((k) => [k, (document.getElementById(k) as HTMLInputElement | null)?.value ?? '(missing)'])),
    [...BLOCK],
  );
}

/** Types like a person (so the debounce and the cancelled searches happen as they would). */
async function typeInto(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 60 });
}

async function pickAltaByKeyboard(page: Page) {
  await page.locator('#hs_name').focus();
  // Wait for the search of the whole text: an earlier one (maxWait 500 ms) may show a list first.
  const searched = page.waitForResponse((res) => res.url().includes('query=alta+hgih'));
  await typeInto(page, 'alta hgih');
  await searched;
  const option = page.getByRole('option', { name: /Alta High School\s+Sandy, UT/ });
  await option.waitFor({ timeout: 10_000 });
  const input = page.locator('#hs_name');
  expect(await input.getAttribute('aria-expanded')).toBe('true');
  expect(
    await page
      .getByRole('status')
      .filter({ hasText: /suggestions? available/ })
      .count(),
  ).toBe(1);
  // Arrow down until Alta High School (Sandy, UT) is the active descendant, then Enter.
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('ArrowDown');
    const active = await input.getAttribute('aria-activedescendant');
    if (active && (await option.getAttribute('id')) === active) break;
  }
  expect(await option.getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (document.getElementById('hs_ceeb') as HTMLInputElement | null)?.value === '450402', undefined, {
    timeout: 10_000,
  });
}

describeE2E('school autocomplete on /education (§4)', () => {
  it('fills the whole school block from a suggestion picked by keyboard alone (after a typo)', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await openEducation(page);
    await pickAltaByKeyboard(page);
    expect(await block(page)).toEqual({
      hs_name: 'Alta High School',
      hs_address_line_1: '',
      hs_city: 'Sandy',
      hs_state: 'UT',
      hs_zip: '84094',
      hs_ceeb: '450402',
      hs_country: 'US',
    });
    expect(await page.locator('#hs_name').getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByText(MANUAL_ENTRY_MESSAGE).count()).toBe(0);
    // The browser's own /favicon.ico request is upgraded to https by the CSP on this plain-http server.
    expect(problems.filter((p) => !/ERR_SSL_PROTOCOL_ERROR/.test(p))).toEqual([]);
    await page.close();
  });

  it('turns typing over a picked school into free text: block cleared, only the text kept, manual-entry message shown', async () => {
    const page = await browser.newPage();
    await openEducation(page);
    await pickAltaByKeyboard(page);
    await page.locator('#hs_name').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await typeInto(page, 'Home School Co-op of Nowhere');
    await page.getByText(MANUAL_ENTRY_MESSAGE).waitFor();
    expect(await block(page)).toMatchObject({
      hs_name: 'Home School Co-op of Nowhere',
      hs_city: '',
      hs_state: '',
      hs_zip: '',
      hs_ceeb: '',
    });
    expect(await page.locator('#hs_name').getAttribute('aria-describedby')).toContain('hs_name-manual');
    await page.close();
  });

  it('empties the whole block when the selection is cleared (Escape, then the Clear button)', async () => {
    const page = await browser.newPage();
    await openEducation(page);
    await pickAltaByKeyboard(page);
    await page.locator('#hs_name').focus();
    await page.keyboard.press('Escape'); // the list is closed, so Escape clears the field (APG combobox)
    await page.waitForFunction(() => (document.getElementById('hs_ceeb') as HTMLInputElement).value === '');
    expect(Object.values(await block(page)).every((v) => v === '')).toBe(true);

    await pickAltaByKeyboard(page);
    await page.keyboard.press('Tab'); // from the input to its Clear button
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Clear');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.getElementById('hs_ceeb') as HTMLInputElement).value === '');
    expect(Object.values(await block(page)).every((v) => v === '')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('hs_name');
    await page.close();
  });

  it('finds no axe-core violations with the suggestion list open, and fits a 320 px screen', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
    await openEducation(page);
    await page.locator('#hs_name').focus();
    const searched = page.waitForResponse((res) => res.url().includes('query=lincoln+high'));
    await typeInto(page, 'lincoln high');
    await searched;
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.locator('#hs_name').getAttribute('aria-expanded')).toBe('true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Touch targets (DESIGN §9): every suggestion at least 24 px high.
    const heights = await page
      .locator('#hs_name-listbox [role="option"]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(heights.length).toBe(5);
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(24);
    await page.close();
  });

  it('cancels the pending search when the field loses focus', async () => {
    const page = await browser.newPage();
    const searches: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/lookup/find?query=')) searches.push(req.url());
    });
    await openEducation(page);
    // Type and leave the field in one step, well inside the 200 ms debounce, however busy the machine is.
    await page.evaluate(() => {
      const input = document.getElementById('hs_name') as HTMLInputElement;
      input.focus();
      document.execCommand('insertText', false, 'jefferson');
      input.blur();
    });
    expect(await page.locator('#hs_name').inputValue()).toBe('jefferson');
    expect(await page.locator('#hs_name').getAttribute('aria-expanded')).toBe('false');
    // Type again: when that later search goes out, the cancelled one's debounce had long run out.
    const later = page.waitForRequest((req) => req.url().includes('/lookup/find?query='));
    await page.evaluate(() => {
      const input = document.getElementById('hs_name') as HTMLInputElement;
      input.focus();
      input.select();
      document.execCommand('insertText', false, 'lincoln');
    });
    await later;
    expect(searches.map((url) => new URL(url).searchParams.get('query'))).toEqual(['lincoln']);
    await page.close();
  });
});
