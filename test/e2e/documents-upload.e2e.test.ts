import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_TMP } from '../helpers/paths.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, describeE2E, screenshot } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { FILE_MAX_BYTES, FILE_MESSAGES, formatFileSize, UPLOAD_HINTS, uploadErrorTitle } from '../../form/documents.js';
import { makeDocx, makeExe, makeJpeg, makePdf, makePng } from '../fixtures/documents.js';
import { call, createAccount, expectToast, logIn, nextEmail } from './lifecycle-helpers.js';
import { TAB_SWITCH_MESSAGES } from '../../form/tab-switch.js';

/**
 * Documents in Chromium against the production server with the embedded store and the inline worker
 * (real LibreOffice for docx). The document question is Education's 'transcript', under the tab
 * 'I will upload it now' (§4 Tabs).
 */
let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('documents'));
}, 120_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

async function student(): Promise<BrowserContext> {
  const email = nextEmail('documents');
  await createAccount(server, smtp, email);
  const context = await browser.newContext();
  await logIn(server, context, email);
  return context;
}

/** /education with the upload tab chosen and the upload control (not its server shell) in place. */
async function openUpload(page: Page): Promise<void> {
  await page.goto(`${server.url}/education`);
  await page.waitForSelector('html[data-islands="ready"]', { state: 'attached', timeout: 20_000 });
  await page.locator('h1').hover();
  await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 20_000 });
  await page.getByRole('tab', { name: 'I will upload it now' }).click();
  await page.waitForSelector('.upload[data-phase]', { timeout: 20_000 });
}

const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/octet-stream', buffer });

/** Screenshots of the states this file changes, to be looked at (DESIGN §9). */
const SCREENSHOTS = join(TEST_TMP, 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/** Document calls (§7) that answered 400 or more, with method and path, so a failure says which call it was. */
function failedDocumentCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    const documentCall = /^\/(api\/presigned-url|local-store\/upload|api\/pdf\/document-answer|api\/document-answer)/.test(path);
    if (documentCall && r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${path}`);
  });
  return failed;
}

describeE2E('documents in Chromium (embedded store, inline conversion)', () => {
  it('png, jpg, pdf and docx each upload and reach COMPLETED with the file name shown; delete asks first', async () => {
    const context = await student();
    const page = await context.newPage();
    const failed = failedDocumentCalls(page);
    await openUpload(page);
    const uploads: Array<[string, Buffer]> = [
      ['scan.png', makePng(64, 64)],
      ['photo.jpg', makeJpeg()],
      ['grades.pdf', await makePdf(2)],
      ['letter.docx', await makeDocx()],
    ];
    for (const [name, buffer] of uploads) {
      await page.setInputFiles('#transcript', file(name, buffer));
      await expect(page.locator('.upload__name').textContent({ timeout: 60_000 })).resolves.toBe(name);
      await expect(page.locator('.upload__size').textContent()).resolves.toBe(formatFileSize(buffer.length));
      expect((await call(server, context, 'GET', '/api/pdf/document-answer/transcript')).body.status).toBe('COMPLETED');
      if (name === 'scan.png') expect(await axeViolations(page)).toEqual([]);

      // Delete asks first; Cancel keeps the file.
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: FILE_MESSAGES.deleteConfirm });
      await confirm.waitFor();
      if (name === 'scan.png') expect(await axeViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await expect(page.locator('.upload__name').textContent()).resolves.toBe(name);
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await page.getByRole('dialog', { name: FILE_MESSAGES.deleteConfirm }).getByRole('button', { name: 'Delete' }).click();
      await page.locator('#transcript[type="file"]').waitFor();
      expect((await call(server, context, 'GET', '/api/pdf/document-answer/transcript')).body.status).toBe('NOT_ANSWERED');
    }
    expect(failed).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows the exact §5 messages for oversize, wrong type, empty and 33-character names, without uploading', async () => {
    const context = await student();
    const page = await context.newPage();
    await openUpload(page);
    const presigns: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/presigned-url') && presigns.push(r.url()));
    const cases: Array<[string, Buffer, string]> = [
      ['big.pdf', Buffer.alloc(FILE_MAX_BYTES + 1, 0x25), FILE_MESSAGES.tooLarge],
      ['animation.gif', Buffer.from('GIF89a'), FILE_MESSAGES.wrongType],
      ['empty.pdf', Buffer.alloc(0), FILE_MESSAGES.empty],
      [`${'a'.repeat(29)}.pdf`, await makePdf(), FILE_MESSAGES.nameTooLong],
    ];
    for (const [name, buffer, message] of cases) {
      await page.setInputFiles('#transcript', file(name, buffer));
      await expect(page.locator('#transcript-error').textContent()).resolves.toContain(message);
      await expect(page.locator('#transcript').getAttribute('aria-invalid')).resolves.toBe('true');
    }
    expect(presigns).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it('issue 26: a 4000 × 3000 phone photo of ~4 MB is made to fit and ends COMPLETED as a file of at most 1 MB; a 3 MB PDF is told what to do', async () => {
    const context = await student();
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const failed = failedDocumentCalls(page);
    await openUpload(page);
    // The photo is made by Chromium's own canvas: a gradient under fine noise, so it is as hard to compress as a
    // camera photo; the quality is stepped until the file is about 4 MB.
    const photo = Buffer.from(
      await page.evaluate(async () => {
        const canvas = new OffscreenCanvas(4000, 3000);
        const context = canvas.getContext('2d')!;
        const image = context.createImageData(4000, 3000);
        let seed = 7;
        for (let i = 0; i < image.data.length; i += 4) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const noise = (seed >> 16) % 48;
          const x = (i / 4) % 4000;
          image.data[i] = (x / 16 + noise) & 255;
          image.data[i + 1] = (120 + noise) & 255;
          image.data[i + 2] = (200 - noise) & 255;
          image.data[i + 3] = 255;
        }
        context.putImageData(image, 0, 0);
        let blob: Blob | null = null;
        for (const quality of [0.95, 0.9, 0.85, 0.8, 0.7, 0.6, 0.5]) {
          blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
          if (blob.size <= 5 * 1024 * 1024) break;
        }
        const bytes = new Uint8Array(await blob!.arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(binary);
      }),
      'base64',
    );
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(photo.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    await page.setInputFiles('#transcript', { name: 'transcript-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.locator('.upload__name').textContent({ timeout: 90_000 })).resolves.toBe('transcript-photo.jpg');
    // The applicant is told what happened to the photo.
    await expect(page.locator('.upload__note').textContent()).resolves.toMatch(
      /^Your photo was 4MB, so we made it smaller: \d+ × \d+ pixels, \d+KB, to fit the 1 MB limit\./,
    );
    // The box says the file is in; it no longer invites a choice ("Choose a file or drop it here").
    await expect(page.locator('#transcript-upload-hint').textContent()).resolves.toBe(UPLOAD_HINTS.done);
    await screenshot(page, join(SCREENSHOTS, 'upload-photo-fitted-390.png'));
    const stored = (await call(server, context, 'GET', '/api/document-answer')).body.transcript;
    expect(stored).toMatchObject({ status: 'COMPLETED', file_name: 'transcript-photo.jpg' });
    expect(stored.file_size).toBeLessThanOrEqual(FILE_MAX_BYTES);
    expect((await call(server, context, 'GET', '/api/pdf/document-answer/transcript')).body.status).toBe('COMPLETED');
    expect(await axeViolations(page)).toEqual([]);

    // A PDF cannot be shrunk here: the message says what to do instead, and nothing is uploaded.
    await page.getByRole('button', { name: 'Delete transcript-photo.jpg' }).click();
    await page.getByRole('dialog', { name: FILE_MESSAGES.deleteConfirm }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForSelector('#transcript[type="file"]');
    await page.setInputFiles(
      '#transcript',
      file('big-scan.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 0x20)])),
    );
    await expect(page.locator('#transcript-error').textContent()).resolves.toContain(FILE_MESSAGES.tooLargeDocument);
    await page.locator('#transcript-error').scrollIntoViewIfNeeded();
    await screenshot(page, join(SCREENSHOTS, 'upload-pdf-too-large-390.png'));
    expect(await axeViolations(page)).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  }, 240_000);

  it('an .exe renamed .pdf ends FAILED: the error toast, the message, and the answer cleared', async () => {
    const context = await student();
    const page = await context.newPage();
    await openUpload(page);
    await page.setInputFiles('#transcript', file('transcript.pdf', makeExe()));
    await expectToast(page, uploadErrorTitle('transcript'), FILE_MESSAGES.wrongType);
    await expect(page.locator('#transcript-error').textContent()).resolves.toContain(FILE_MESSAGES.wrongType);
    expect((await call(server, context, 'GET', '/api/pdf/document-answer/transcript')).body.status).toBe('FAILED');
    await context.close();
  }, 120_000);

  it('shows a progress bar while the bytes go up; the tabs dialog blocks a switch during the upload and the conversion', async () => {
    const context = await student();
    const page = await context.newPage();
    await openUpload(page);
    // A slow uplink (~64 KB/s), so the 1 MB upload takes long enough to be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
    await page.setInputFiles(
      '#transcript',
      file('big-scan.pdf', Buffer.concat([await makePdf(), Buffer.alloc(FILE_MAX_BYTES - 4096, 0x20)])),
    );
    const bar = page.locator('progress.upload__bar');
    await bar.waitFor({ state: 'visible', timeout: 10_000 });
    await expect(page.getByText('Uploading big-scan.pdf').first().isVisible()).resolves.toBe(true);
    // The bar follows XMLHttpRequest's upload progress.
    await page.waitForFunction(
      () => ((document.querySelector('progress.upload__bar') as HTMLProgressElement | null)?.value ?? 0) > 0,
      null,
      { timeout: 20_000 },
    );

    await page.getByRole('tab', { name: 'My counselor will send it' }).click();
    const blocked = page.getByRole('dialog', { name: 'File Upload in Progress' });
    await blocked.waitFor();
    await expect(blocked.textContent()).resolves.toContain('Please wait until the file upload has completed.');
    await blocked.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('tab', { name: 'I will upload it now' }).getAttribute('aria-selected')).resolves.toBe('true');

    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // While converting, the switch is blocked too.
    await page.locator('.upload__converting').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'My counselor will send it' }).click();
    await page.getByRole('dialog', { name: 'File Upload in Progress' }).getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('tab', { name: 'I will upload it now' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.locator('.upload__name').textContent({ timeout: 60_000 })).resolves.toBe('big-scan.pdf');
    await context.close();
  }, 180_000);

  it('once converted, leaving the tab asks first, naming the file; Keep it keeps it, Switch deletes the conversion and the document answer (§4, issue 38)', async () => {
    const context = await student();
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openUpload(page);
    await page.setInputFiles('#transcript', file('transcript.pdf', await makePdf()));
    await expect(page.locator('.upload__name').textContent({ timeout: 60_000 })).resolves.toBe('transcript.pdf');
    const refused: string[] = [];
    page.on('response', (r) => r.status() >= 400 && refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`));
    const counselorTab = page.getByRole('tab', { name: 'My counselor will send it' });
    const uploadTab = page.getByRole('tab', { name: 'I will upload it now' });

    // Asked first: nothing is deleted until the applicant answers; Keep it leaves the tab and the file as they were.
    await counselorTab.click();
    const ask = page.getByRole('dialog', { name: TAB_SWITCH_MESSAGES.question(['transcript.pdf']) });
    await ask.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, join(SCREENSHOTS, 'tab-switch-asks-390.png'));
    expect((await call(server, context, 'GET', '/api/document-answer')).body.transcript).toMatchObject({ file_name: 'transcript.pdf' });
    await ask.getByRole('button', { name: TAB_SWITCH_MESSAGES.keep }).click();
    await ask.waitFor({ state: 'detached' });
    await expect(uploadTab.getAttribute('aria-selected')).resolves.toBe('true');
    // Focus back on the tab the applicant is on, so the keyboard carries on from there.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('transcript-source-tab-upload');
    await expect(page.locator('.upload__name').textContent()).resolves.toBe('transcript.pdf');
    await screenshot(page, join(SCREENSHOTS, 'tab-switch-kept-390.png'));
    expect((await call(server, context, 'GET', '/api/pdf/document-answer/transcript')).body.status).toBe('COMPLETED');
    expect((await call(server, context, 'GET', '/api/tabs')).body['transcript-source']).toBe('upload');

    // Confirmed: the switch happens and deletes the document.
    await counselorTab.click();
    await ask.getByRole('button', { name: TAB_SWITCH_MESSAGES.switch, exact: true }).click();
    await page.waitForSelector('#transcript-source-tab-counselor[aria-selected="true"]', { timeout: 15_000 }).catch((err: Error) => {
      throw new Error(`the tab did not switch (${err.message}); refused calls: ${refused.join(', ') || 'none'}`);
    });
    await screenshot(page, join(SCREENSHOTS, 'tab-switch-switched-390.png'));
    expect((await call(server, context, 'GET', '/api/document-answer')).body.transcript).toBeUndefined();
    expect((await call(server, context, 'GET', '/api/pdf/document-answer/transcript')).body.status).toBe('NOT_ANSWERED');
    await context.close();
  }, 120_000);

  it('tells a logged-out visitor that uploads need an account', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/education`);
    await page.waitForSelector('html[data-islands="ready"]', { state: 'attached', timeout: 20_000 });
    await page.locator('h1').hover();
    await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 20_000 });
    await page.getByRole('tab', { name: 'I will upload it now' }).click();
    await expect(page.getByText(FILE_MESSAGES.loginNeeded).first().isVisible()).resolves.toBe(true);
    await page.close();
  }, 60_000);
});
