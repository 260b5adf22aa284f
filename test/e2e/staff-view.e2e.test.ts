import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Browser } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { axeViolations, describeE2E, launchBrowser } from '../helpers/browser.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { makePdf } from '../fixtures/documents.js';
import { presign, startConversion, uploadTo, waitForFinalStatus } from '../fixtures/documents-flow.js';
import { signServiceToken } from '../../server/security/service-link-token.server.js';
import { documentAttachedText } from '../../form/documents.js';
import { tabGroups } from '../../server/application/ui-state.server.js';
import { formDefinition } from '../../form/definition.js';

describeE2E('the staff read-only view (service_token)', () => {
  let ctx: TestContext;
  let server: Server;
  let base: string;
  let browser: Browser;
  let applicant: TestUser;
  let token: string;

  beforeAll(async () => {
    await loadVikeBuild();
    ctx = await createTestApp({ queue: 'workers' });
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ctx.config.publicUrl = base;
    browser = await launchBrowser();

    applicant = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', applicant.cookie).send(COMPLETE_ANSWERS);
    // The transcript question sits under the "upload" tab: choose it, then upload and convert a PDF.
    const uploadTab = [...tabGroups().get('transcript-source')!.keysByItem].find(([, keys]) => keys.includes('transcript'))![0];
    await request(ctx.app).put('/api/tabs').set('Cookie', applicant.cookie).send({ tab_id: 'transcript-source', chosen_tab: uploadTab });
    const presigned = await presign(ctx.app, applicant.cookie, 'transcript');
    expect((await uploadTo(ctx.app, presigned, await makePdf(1), 'transcript.pdf')).status).toBeLessThan(300);
    expect((await startConversion(ctx.app, applicant.cookie, 'transcript', presigned.fields.key!, 'transcript.pdf')).status).toBe(202);
    expect((await waitForFinalStatus(ctx.app, applicant.cookie, 'transcript')).status).toBe('COMPLETED');
    token = signServiceToken(TEST_SESSION_SECRET, applicant.username, { now: new Date() });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await ctx?.close();
  });

  it('shows the application read-only: no enabled control, no navigation, header, footer or account popover', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${base}/about?service_token=${token}`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['cache-control']).toMatch(/no-store/);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    const enabled = await page.locator('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button[type="submit"]').count();
    expect(enabled).toBe(0);
    for (const selector of ['nav', 'header', 'footer', '[data-island]']) {
      expect(await page.locator(selector).count()).toBe(0);
    }
    await expect(page.getByText('Maria').first().isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("reads 'Document attached for …' where a document was uploaded", async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/education?service_token=${token}`);
    await expect(page.getByText(documentAttachedText('transcript')).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('prints the whole application in one document (/print) that shows each page exactly as the staff view does', async () => {
    const print = await browser.newPage();
    const response = await print.goto(`${base}/print?service_token=${token}`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['cache-control']).toMatch(/no-store/);
    expect(await print.locator('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button, script[src], [data-island]').count()).toBe(0);
    const pages = formDefinition().pages;
    expect(await print.locator('.readonly-page').evaluateAll((els) => els.map((el) => el.getAttribute('data-page')))).toEqual(pages.map((p) => p.id));
    const view = await browser.newPage();
    for (const page of pages) {
      await view.goto(`${base}${page.path}?service_token=${token}`);
      const selector = `.readonly-page[data-page="${page.id}"]`;
      expect(await print.locator(selector).evaluate((el) => el.outerHTML)).toBe(await view.locator(selector).evaluate((el) => el.outerHTML));
    }
    expect(await print.locator('.readonly-title').textContent()).toBe(await view.locator('.readonly-title').textContent());
    expect(await axeViolations(print)).toEqual([]);
    await view.close();
    await print.close();
  });

  it('sends anyone without a staff link away from /print', async () => {
    const visitor = await request(ctx.app).get('/print');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe('/about');
    const student = await request(ctx.app).get('/print').set('Cookie', applicant.cookie);
    expect(student.status).toBe(302);
    expect(student.text).not.toContain('Maria');
  });

  it('refuses a forged link', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${base}/about?service_token=${token.slice(0, -4)}AAAA`);
    expect(response!.status()).toBe(401);
    expect(await page.locator('input').count()).toBe(0);
    await page.close();
  });
});
