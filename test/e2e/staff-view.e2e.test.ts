import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Browser } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { axeViolations, describeE2E, launchBrowser, screenshot } from '../helpers/browser.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { TEST_TMP } from '../helpers/paths.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { makePdf } from '../fixtures/documents.js';
import { presign, startConversion, uploadTo, waitForFinalStatus } from '../fixtures/documents-flow.js';
import { signPrintToken } from '../../platform/tokens/print-token.server.js';
import { staffCookie } from '../helpers/staff.js';
import { documentAttachedText } from '../../form/documents.js';
import { tabGroups } from '../../server/application/ui-state.server.js';
import { formDefinition } from '../../form/definition.js';

describeE2E('the staff application page (staff session) and the print document (print ticket)', () => {
  let ctx: TestContext;
  let server: Server;
  let base: string;
  let browser: Browser;
  let applicant: TestUser;
  let staff: string;
  const ticket = () => signPrintToken(TEST_SESSION_SECRET, applicant.id, new Date());
  /** A browser tab signed in to the staff desk. */
  async function staffPage() {
    const context = await browser.newContext();
    const [name, value] = staff.split('=') as [string, string];
    await context.addCookies([{ name, value, url: `${base}/staff` }]);
    return context.newPage();
  }

  beforeAll(async () => {
    await loadVikeBuild();
    ctx = await createTestApp({ queue: 'workers', env: { STAFF_EMAILS: 'officer@admissions.example.edu' } });
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
    staff = await staffCookie(ctx, 'officer@admissions.example.edu');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await ctx?.close();
  });

  it('shows the application read-only in the staff session: no form control but the desk’s sign-out, no island', async () => {
    const page = await staffPage();
    const response = await page.goto(`${base}/staff/applications/${applicant.id}`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['cache-control']).toMatch(/no-store/);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    expect(await page.locator('main input, main select, main textarea, main button, [data-island]').count()).toBe(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Lopez' }).isVisible()).resolves.toBe(true);
    // One outline: the form's page titles head the answers (no empty "Answers" heading above them), in a region so named.
    const titles = formDefinition().pages.map((p) => p.title);
    const outline = await page.locator('h2').allTextContents();
    expect(outline.slice(outline.indexOf(titles[0]!) - 1, outline.indexOf(titles[0]!) + titles.length + 1)).toEqual([
      'Documents',
      ...titles,
      'History of this application',
    ]);
    expect(await page.getByRole('region', { name: 'Answers' }).locator('.readonly-page h2').allTextContents()).toEqual(titles);
    await expect(page.getByText(documentAttachedText('transcript')).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: /transcript\.pdf/ }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await screenshot(page, `${TEST_TMP}/staff-application-${width}.png`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await page.close();
  });

  it('prints the whole application in one document (/print) that shows each page exactly as the staff page does', async () => {
    const print = await browser.newPage();
    const response = await print.goto(`${base}/print?service_token=${ticket()}`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['cache-control']).toMatch(/no-store/);
    expect(
      await print
        .locator('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button, script[src], [data-island]')
        .count(),
    ).toBe(0);
    const pages = formDefinition().pages;
    expect(await print.locator('.readonly-page').evaluateAll((els) => els.map((el) => el.getAttribute('data-page')))).toEqual(
      pages.map((p) => p.id),
    );
    const view = await staffPage();
    await view.goto(`${base}/staff/applications/${applicant.id}`);
    for (const page of pages) {
      const selector = `.readonly-page[data-page="${page.id}"]`;
      expect(await print.locator(selector).evaluate((el) => el.outerHTML)).toBe(
        await view.locator(selector).evaluate((el) => el.outerHTML),
      );
    }
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

  it('refuses a forged or used print ticket, and any service_token on a form page', async () => {
    const page = await browser.newPage();
    const token = ticket();
    const response = await page.goto(`${base}/print?service_token=${token.slice(0, -4)}AAAA`);
    expect(response!.status()).toBe(401);
    expect((await page.goto(`${base}/print?service_token=${token}`))!.status()).toBe(200);
    expect((await page.goto(`${base}/print?service_token=${token}`))!.status()).toBe(403);
    expect((await page.goto(`${base}/about?service_token=${ticket()}`))!.status()).toBe(410);
    expect(await page.locator('input').count()).toBe(0);
    await page.close();
  });
});
