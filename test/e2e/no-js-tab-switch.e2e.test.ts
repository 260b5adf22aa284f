import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeE2E, screenshot } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { TEST_TMP } from '../helpers/paths.js';
import { makePdf } from '../fixtures/documents.js';
import { TAB_SWITCH_MESSAGES } from '../../form/tab-switch.js';
import { call, createAccount, logIn, nextEmail } from './lifecycle-helpers.js';
import { axeViolationsWithoutJs } from './no-js-helpers.js';

/**
 * Issue 38 without JavaScript: a tab is a submit button of the page's form; a switch that would delete an uploaded
 * document comes back as the page asking first (test/e2e/documents-upload.e2e.test.ts asks with scripts).
 */
let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

const SCREENSHOTS = join(TEST_TMP, 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('no-js-tabs', { WORKER: 'inline' }));
}, 120_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

async function studentWithoutScripts(tag: string): Promise<{ context: BrowserContext }> {
  const email = nextEmail(tag);
  await createAccount(server, smtp, email);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await logIn(server, context, email);
  return { context };
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolationsWithoutJs(page)).toEqual([]);
}

/** Presses a submit button and waits for the page the server answers with. */
async function press(page: Page, name: string | RegExp): Promise<void> {
  await Promise.all([
    page.waitForNavigation(),
    page
      .getByRole('button', { name, exact: typeof name === 'string' })
      .first()
      .click(),
  ]);
}

describeE2E('tab switches without scripts (issue 38)', () => {
  it('a tab switch that would delete the uploaded transcript asks first, naming it: Keep it keeps the file, only the confirmed switch deletes (issue 38)', async () => {
    const { context } = await studentWithoutScripts('nojs-tab-switch');
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/education`);
    await Promise.all([page.waitForNavigation(), page.getByRole('tab', { name: 'I will upload it now' }).click()]);
    await press(page, /^Upload a file/);
    const dir = mkdtempSync(join(TEST_TMP, 'no-js-tab-'));
    writeFileSync(join(dir, 'transcript.pdf'), await makePdf(1));
    await page.setInputFiles('#transcript', join(dir, 'transcript.pdf'));
    await Promise.all([
      page.waitForURL(/\/education#transcript$/),
      page
        .getByRole('button', { name: /^Upload/ })
        .first()
        .click(),
    ]);
    const deadline = Date.now() + 90_000;
    while ((await call(server, context, 'GET', '/api/pdf/document-answer/transcript')).body.status !== 'COMPLETED') {
      if (Date.now() > deadline) throw new Error('the transcript was never converted');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const transcriptKept = async () =>
      (await call(server, context, 'GET', '/api/document-answer')).body.transcript as { file_name: string } | undefined;

    // The switch asks first: the page again, with the question naming the file; nothing is switched or deleted yet.
    await Promise.all([page.waitForNavigation(), page.getByRole('tab', { name: 'My counselor will send it' }).click()]);
    const question = page.getByRole('group', { name: TAB_SWITCH_MESSAGES.question(['transcript.pdf']) });
    await expect(question.isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await question.scrollIntoViewIfNeeded();
    await screenshot(page, join(SCREENSHOTS, 'tab-switch-asks-no-js-390.png'));
    expect((await call(server, context, 'GET', '/api/tabs')).body['transcript-source']).toBe('upload');
    expect(await transcriptKept()).toMatchObject({ file_name: 'transcript.pdf' });

    // Keep it: the tab and the file as they were.
    await press(page, TAB_SWITCH_MESSAGES.keep);
    await expect(page.getByRole('tab', { name: 'I will upload it now' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(question.count()).resolves.toBe(0);
    expect((await call(server, context, 'GET', '/api/tabs')).body['transcript-source']).toBe('upload');
    expect(await transcriptKept()).toMatchObject({ file_name: 'transcript.pdf' });

    // Confirmed: switched, and the document deleted.
    await Promise.all([page.waitForNavigation(), page.getByRole('tab', { name: 'My counselor will send it' }).click()]);
    await press(page, TAB_SWITCH_MESSAGES.switchAndRemove(['transcript.pdf']));
    await expect(page.getByRole('tab', { name: 'My counselor will send it' }).getAttribute('aria-selected')).resolves.toBe('true');
    expect((await call(server, context, 'GET', '/api/tabs')).body['transcript-source']).toBe('counselor');
    expect(await transcriptKept()).toBeUndefined();
    await context.close();
  }, 180_000);
});
