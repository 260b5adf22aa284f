import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeE2E, screenshot } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { TEST_TMP } from '../helpers/paths.js';
import { makePhonePhoto } from '../fixtures/photos.js';
import { FIT_MESSAGES } from '../../form/photo-fit.js';
import { UPLOAD_REFUSED_HEADING } from '../../islands/form/ErrorSummary.js';
import { createAccount, logIn, nextEmail } from './lifecycle-helpers.js';
import { axeViolationsWithoutJs } from './no-js-helpers.js';

/**
 * Issue 38, uploads without scripts: a phone photo of over 6 MB is made to fit on the server and ends converted on
 * the form page, with what was done and a preview; a 20 MB file comes back as the form page with the message at
 * the field (never the store's JSON). Phones 390 px wide, scripts off; axe on each state.
 */
let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];
let files: string;

const SCREENSHOTS = join(TEST_TMP, 'screenshots', 'photo');
mkdirSync(SCREENSHOTS, { recursive: true });

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('no-js-photo', { WORKER: 'inline' }));
  files = mkdtempSync(join(TEST_TMP, 'no-js-photo-'));
}, 120_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

async function phoneWithoutScripts(tag: string): Promise<{ context: BrowserContext; page: Page }> {
  const email = nextEmail(tag);
  await createAccount(server, smtp, email);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  await logIn(server, context, email);
  const page = await context.newPage();
  await page.goto(`${server.url}/education`);
  await Promise.all([page.waitForNavigation(), page.getByRole('tab', { name: 'I will upload it now' }).click()]);
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: /^Upload a file/ }).click()]);
  expect(new URL(page.url()).searchParams.get('upload')).toBe('transcript');
  return { context, page };
}

/** Chooses the file and presses Upload; resolves with the answer's HTTP status once the page it brought has loaded. */
async function upload(page: Page, path: string): Promise<number> {
  await page.setInputFiles('#transcript', path);
  const [response] = await Promise.all([
    page.waitForNavigation(),
    page
      .getByRole('button', { name: /^Upload/ })
      .first()
      .click(),
  ]);
  return response?.status() ?? 0;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolationsWithoutJs(page)).toEqual([]);
}

/** Waits for the server (and its inline worker) to log a line matching `pattern`. */
async function serverSaid(pattern: RegExp, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`the server never logged ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The field's error message, without its visually hidden "Error:". */
async function fieldError(page: Page): Promise<string> {
  return ((await page.locator('#transcript-error').innerText()) ?? '').replace(/^Error:\s*/, '').trim();
}

describeE2E('uploads without scripts (issue 38)', () => {
  it('a 7 MB phone photo is made to fit, stored and converted: the page says what was done and shows it', async () => {
    const photo = join(files, 'IMG_20261128_142233.jpg');
    writeFileSync(photo, await makePhonePhoto());
    const { context, page } = await phoneWithoutScripts('nojs-photo');
    await expectNoAxeViolations(page);
    await screenshot(page, join(SCREENSHOTS, 'upload-form.png'));
    expect(await upload(page, photo)).toBe(200);
    const url = new URL(page.url());
    expect([url.pathname, url.hash]).toEqual(['/education', '#transcript']);
    await serverSaid(/"msg":"document converted"/);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Refresh the status' }).click()]);
    const status = page.locator('.upload__status-text');
    expect(await status.innerText()).toMatch(/^IMG_20261128_142233\.jpg \((\d+KB|1MB)\) was uploaded and converted to PDF\.$/);
    expect(await page.locator('.upload__note').innerText()).toMatch(
      /^Your photo was 7MB, so we made it smaller: 2250 × 3000 pixels, \d+KB, to fit the 1 MB limit\. Check that it is still easy to read\.$/,
    );
    const preview = page.getByRole('img', { name: 'Preview of IMG_20261128_142233.jpg' });
    await preview.scrollIntoViewIfNeeded();
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);
    await expectNoAxeViolations(page);
    await page.locator('.tabs').first().scrollIntoViewIfNeeded();
    await screenshot(page, join(SCREENSHOTS, 'fitted-preview.png'));
    await context.close();
  });

  it('a 20 MB file comes back as the form page, with the message at the field and the upload form open again', async () => {
    const huge = join(files, 'huge-photo.jpg');
    writeFileSync(huge, randomBytes(20 * 1024 * 1024));
    const { context, page } = await phoneWithoutScripts('nojs-huge');
    expect(await upload(page, huge)).toBe(413);
    expect(await page.locator('h1').first().innerText()).toBe('Your Academics');
    expect(await fieldError(page)).toBe(FIT_MESSAGES.tooLarge);
    await expect(page.getByRole('tab', { name: 'I will upload it now' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(
      page
        .getByRole('button', { name: /^Upload/ })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    // The error summary says so and links to the field.
    await expect(page.locator('.error-summary h2').innerText()).resolves.toBe(UPLOAD_REFUSED_HEADING);
    await expect(page.locator('.error-summary a[href="/education#transcript"]').innerText()).resolves.toBe(FIT_MESSAGES.tooLarge);
    await expectNoAxeViolations(page);
    await page.locator('.tabs').first().scrollIntoViewIfNeeded();
    await screenshot(page, join(SCREENSHOTS, 'refused-at-field.png'));
    await page.locator('.error-summary').scrollIntoViewIfNeeded();
    await screenshot(page, join(SCREENSHOTS, 'refused-summary.png'));
    await context.close();
  });
});
