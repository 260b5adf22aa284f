import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { axeViolations, describeE2E } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { call, createAccount, hydrated, logIn, nextEmail } from './lifecycle-helpers.js';

let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

// The worker runs in the server process (WORKER=inline) and prints the PDF with Chromium.
beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('pdf', { WORKER: 'inline' }));
}, 120_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

describeE2E('the application PDF on /completion', () => {
  it('a submitted applicant sees the progress, then downloads the PDF as an attachment', async () => {
    const email = nextEmail('pdf');
    await createAccount(server, smtp, email);
    const context = await browser.newContext({ acceptDownloads: true });
    await logIn(server, context, email);
    expect((await call(server, context, 'PUT', '/api/answer', COMPLETE_ANSWERS)).status).toBe(200);
    expect((await call(server, context, 'POST', '/api/submit')).status).toBe(200);

    const served = await context.request.get(`${server.url}/completion`);
    expect(await served.text()).toContain('Preparing the PDF of your application');

    const page = await context.newPage();
    const polls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/pdf') polls.push(request.url());
    });
    await page.goto(`${server.url}/completion`);
    await hydrated(page, 'PdfDownload');
    const link = page.getByRole('link', { name: 'Download your application (PDF)' });
    await link.waitFor({ timeout: 60_000 });
    expect(polls.length).toBeGreaterThanOrEqual(1);
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await context.close();
  });
});
