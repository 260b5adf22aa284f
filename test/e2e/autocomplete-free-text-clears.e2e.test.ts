import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describeE2E, launchBrowser } from '../helpers/browser.js';
import { startServer, type RunningServer } from '../helpers/server.js';
import { TEST_TMP } from '../helpers/paths.js';
import { waitForLookupData } from '../helpers/lookup-data.js';

/**
 * Issue 23 (from a read of the spec): §4 "Typing free text clears them, stores only the typed text in the main
 * field". The island cleared the block only when the text replaced a picked suggestion; fields the applicant had
 * filled by hand survived typing into the search, so a school's name could end up with another school's city.
 */
let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ dataDir: mkdtempSync(join(TEST_TMP, 'e2e-free-text-')) });
  // The first start loads the bundled lookup data in the background; pages wait for nothing, but a busy machine does.
  await waitForLookupData(server.url);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(page: Page, path: string) {
  await page.goto(`${server.url}${path}`, { timeout: 60_000 });
  await page.waitForSelector('html[data-islands="ready"]', { state: 'attached', timeout: 30_000 });
  await page.locator('h1').hover();
  await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 30_000 });
}

async function values(page: Page, keys: readonly string[]): Promise<Record<string, string>> {
  return page.evaluate(
    (ids) =>
      Object.fromEntries(
        ids.map((k) => [k, (document.getElementById(k) as HTMLInputElement | HTMLSelectElement | null)?.value ?? '(missing)']),
      ),
    [...keys],
  );
}

/** Fills a block's fields by hand, as an applicant whose school or address is not listed. */
async function fillByHand(page: Page, fields: Record<string, string>) {
  for (const [key, value] of Object.entries(fields)) {
    const input = page.locator(`#${key}`);
    if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
}

async function typeIntoSearch(page: Page, key: string, text: string) {
  await page.locator(`#${key}`).focus();
  await page.keyboard.type(text, { delay: 40 });
  await page.waitForFunction(([id, expected]) => (document.getElementById(id!) as HTMLInputElement).value === expected, [key, text]);
}

describeE2E('typing free text into a school or address search (§4)', () => {
  it('clears the school fields filled by hand and keeps only the typed name', async () => {
    const page = await browser.newPage();
    await open(page, '/education');
    const byHand = { hs_address_line_1: '1 Mill Road', hs_city: 'Beaver', hs_state: 'UT', hs_zip: '84713', hs_ceeb: '123456' };
    await fillByHand(page, byHand);
    expect(await values(page, Object.keys(byHand))).toEqual(byHand);
    await typeIntoSearch(page, 'hs_name', 'Zyx Home Co-op');
    await page
      .waitForFunction(() => (document.getElementById('hs_city') as HTMLInputElement).value === '', undefined, { timeout: 5000 })
      .catch(() => undefined);
    expect(await values(page, ['hs_name', ...Object.keys(byHand)])).toEqual({
      hs_name: 'Zyx Home Co-op',
      hs_address_line_1: '',
      hs_city: '',
      hs_state: '',
      hs_zip: '',
      hs_ceeb: '',
    });
    await page.close();
  });

  it('clears the address fields filled by hand and keeps only the typed line', async () => {
    const page = await browser.newPage();
    await open(page, '/about');
    const byHand = { address_line_2: 'Apt 4', city: 'Moab', state: 'UT', zip: '84532' };
    await fillByHand(page, byHand);
    expect(await values(page, Object.keys(byHand))).toEqual(byHand);
    await typeIntoSearch(page, 'address_line_1', 'Zyx Lane 9');
    await page
      .waitForFunction(() => (document.getElementById('city') as HTMLInputElement).value === '', undefined, { timeout: 5000 })
      .catch(() => undefined);
    expect(await values(page, ['address_line_1', ...Object.keys(byHand)])).toEqual({
      address_line_1: 'Zyx Lane 9',
      address_line_2: '',
      city: '',
      state: '',
      zip: '',
    });
    await page.close();
  });
});
