import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import Provider from 'oidc-provider';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { axeViolations, describeE2E, launchBrowser, screenshot } from '../helpers/browser.js';
import { submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { NOT_STAFF_MESSAGE } from '../../server/staff/sign-in-routes.server.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';
import { STAGE_LABELS } from '../../domain/reading/stages.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_TMP } from '../helpers/paths.js';

/** Screenshots of the desk at 1280 CSS px, for people to look at (not asserted). */
const SHOTS = join(TEST_TMP, 'screenshots', 'staff-desk');

const STAFF = 'reader@admissions.example.edu';
const GROUP = 'admissions-readers';
/** Accounts whose login starts with this are members of the staff group at the provider. */
const MEMBER_PREFIX = 'member.';
const CLIENT_ID = 'staff-desk';
const CLIENT_SECRET = 'staff-desk-secret-0123456789';

describeE2E('the staff desk through a real OpenID Connect provider', () => {
  let ctx: TestContext;
  let app: Server;
  let idp: Server;
  let base: string;
  let browser: Browser;
  let applicant: TestUser;

  beforeAll(async () => {
    await loadVikeBuild();
    // The provider's port is needed for the app's settings, and the app's for the provider's client.
    let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
    idp = createServer((req, res) => handle(req, res));
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    ctx = await createTestApp({
      queue: 'workers',
      env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, STAFF_EMAILS: STAFF, STAFF_GROUP: GROUP },
    });
    app = ctx.app.listen(0, '127.0.0.1');
    await new Promise((r) => app.once('listening', r));
    base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    ctx.config.publicUrl = base;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${base}/staff/oidc/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      // The development login form takes any login: it becomes the account's e-mail address.
      findAccount: async (_ctx, id) => ({
        accountId: id,
        claims: async () => ({
          sub: id,
          email: id,
          email_verified: true,
          groups: id.startsWith(MEMBER_PREFIX) ? [GROUP, 'library'] : ['library'],
        }),
      }),
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['groups'] },
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      cookies: { keys: ['test-cookie-key-0123456789'] },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    });
    handle = provider.callback();

    applicant = await createLoggedInUser(ctx);
    await submitAs(ctx, applicant.cookie, COMPLETE_ANSWERS);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    app?.close();
    idp?.close();
    await ctx?.close();
  });

  async function signIn(context: BrowserContext, login: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${base}/staff`);
    expect(new URL(page.url()).pathname).toBe('/staff/sign-in');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Sign in with your university account' }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    // First sign-in of this account at the provider: it asks for consent.
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back at the desk: the list after a sign-in, or the callback's own page when it is refused.
    await page.waitForURL((url) => url.origin === base);
    // A sign-in lands on a page that refreshes to the list (a navigation of the desk's own, issue 23 finding 9).
    // A refused sign-in stays on the callback's page, which has no refresh.
    await page.waitForURL((url) => url.pathname !== '/staff/oidc/callback', { timeout: 5000 }).catch(() => undefined);
    return page;
  }

  it('staff sign in through the provider, find an application, open it, download its PDF; the audit trail shows both', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await signIn(context, STAFF);
    expect(new URL(page.url()).pathname).toBe('/staff');
    await expect(page.getByRole('heading', { name: 'Applications', level: 1 }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Search by keyboard alone: focus the field, type, Enter submits the GET form.
    await page.locator('#q').focus();
    await page.keyboard.type(String(COMPLETE_ANSWERS.last_name));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === String(COMPLETE_ANSWERS.last_name));
    const row = page.locator('tbody tr', { hasText: applicant.username });
    await expect(row.count()).resolves.toBe(1);

    await row.getByRole('link', { name: /^View/ }).click();
    // The application's own page in the staff session (issue 23 finding 3), with a way back to the filtered list.
    await page.waitForURL((url) => url.pathname === `/staff/applications/${applicant.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `${COMPLETE_ANSWERS.first_name} ${COMPLETE_ANSWERS.last_name}` }).isVisible(),
    ).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to the applications' }).click();
    await page.waitForURL((url) => url.pathname === '/staff' && url.searchParams.get('q') === String(COMPLETE_ANSWERS.last_name));

    // The PDF is rendered by the worker after submission; its link answers "being prepared" until then.
    for (;;) {
      const state = await ctx.db.knex('application_pdfs').where({ user_id: applicant.id }).first('status');
      if (state?.status === 'COMPLETED') break;
      expect(state?.status).not.toBe('FAILED');
      await new Promise((r) => setTimeout(r, 250));
    }
    await page.goto(`${base}/staff?q=${applicant.username}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('tbody tr').getByRole('link', { name: /^PDF/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Freshman-Application-.*\.pdf$/);

    // A ZIP of the current filter's PDFs, by keyboard: the button is a POST form; the job's page shows progress.
    await page.getByRole('button', { name: "Prepare a ZIP of these applications' PDFs" }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/staff\/exports\/[0-9a-f-]{36}$/.test(url.pathname));
    expect(await axeViolations(page)).toEqual([]);
    while (!(await page.getByText('The ZIP is ready.').isVisible())) {
      await new Promise((r) => setTimeout(r, 250));
      await page.reload();
    }
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download ZIP' }).click()]);
    expect(zip.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.zip$/);
    await page.goto(`${base}/staff/exports`);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${base}/staff/audit`);
    expect(await axeViolations(page)).toEqual([]);
    const audit = page.locator('tbody tr', { hasText: applicant.username });
    const actions = await audit.locator('td:nth-child(3)').allTextContents();
    expect(actions).toEqual(expect.arrayContaining(['view', 'download-pdf']));
    await expect(page.locator('tbody tr td:nth-child(3)', { hasText: 'download-zip' }).count()).resolves.toBe(1);
    await expect(audit.first().locator('td:nth-child(2)').textContent()).resolves.toBe(STAFF);

    await page.goto(`${base}/staff/webhooks`);
    expect(await axeViolations(page)).toEqual([]);

    // Signing out is a POST form too; afterwards the desk asks to sign in again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/sign-in');
    await page.goto(`${base}/staff`);
    expect(new URL(page.url()).pathname).toBe('/staff/sign-in');
    await context.close();
  });

  it('the list shows school, state, major, residency and stage, filters by stage and state, and keeps saved views', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signIn(context, STAFF);
    expect(new URL(page.url()).pathname).toBe('/staff');
    const headers = await page.locator('thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['High school, state', 'Intended major', 'Residency', 'Stage', 'Decision']));
    const row = page.locator('tbody tr', { hasText: applicant.username });
    const cells = await row.locator('td').allTextContents();
    expect(cells).toEqual(expect.arrayContaining([expect.stringContaining('Alta High School, UT'), 'Accounting (BS)', 'Resident (UT)']));
    const stage = cells[headers.indexOf('Stage')]!;
    expect(Object.values(STAGE_LABELS)).toContain(stage);
    await screenshot(page, join(SHOTS, 'list.png'), { fullPage: true });

    // Filter by stage, then by the school's state: GET forms, by keyboard.
    await page.locator('#stage').selectOption({ label: stage });
    await page.locator('#state').selectOption('UT');
    await page.getByRole('button', { name: 'Apply filters' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('state') === 'UT' && url.searchParams.get('stage') !== null);
    await expect(page.locator('tbody tr', { hasText: applicant.username }).count()).resolves.toBe(1);
    await expect(page.getByText('1 application matches these filters.').isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('#state').selectOption('CA');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'CA');
    await expect(page.getByText('No application matches these filters.').isVisible()).resolves.toBe(true);

    // A saved view: the current filters under a name, opened again from the list, then deleted.
    await page.locator('#state').selectOption('UT');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'UT');
    await page.locator('#view-name').fill('Utah schools');
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.waitForURL((url) => url.searchParams.get('done') === 'view-saved');
    await expect(page.getByRole('status').textContent()).resolves.toContain('The view was saved.');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${base}/staff`);
    await page.getByRole('link', { name: 'Utah schools' }).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'UT');
    await expect(page.locator('#state').inputValue()).resolves.toBe('UT');
    await screenshot(page, join(SHOTS, 'list-saved-view.png'), { fullPage: true });
    await page.getByRole('button', { name: 'Delete the view Utah schools' }).click();
    await page.waitForURL((url) => url.searchParams.get('done') === 'view-deleted');
    await expect(page.getByRole('status').textContent()).resolves.toBe('The view was deleted.');
    await expect(page.getByRole('link', { name: 'Utah schools' }).count()).resolves.toBe(0);

    // The application page: every document with who sent it and when.
    await page.goto(`${base}/staff/applications/${applicant.id}`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, join(SHOTS, 'application.png'), { fullPage: true });
    const missing = await page.goto(`${base}/staff/applications/00000000-0000-4000-8000-000000000000`);
    expect(missing!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'No such application.' }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('refuses an identity that is not staff', async () => {
    const context = await browser.newContext();
    const page = await signIn(context, 'someone.else@example.edu');
    await expect(page.getByText(NOT_STAFF_MESSAGE).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    const list = await page.goto(`${base}/staff`);
    expect(new URL(page.url()).pathname).toBe('/staff/sign-in');
    expect(list!.status()).toBe(200);
    await context.close();
  });

  it('admits an identity outside STAFF_EMAILS that carries the staff group', async () => {
    const context = await browser.newContext();
    const page = await signIn(context, `${MEMBER_PREFIX}dean@university.example.edu`);
    expect(new URL(page.url()).pathname).toBe('/staff');
    await expect(page.getByText(`${MEMBER_PREFIX}dean@university.example.edu`).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("an applicant's session cannot open /staff", async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: SESSION_COOKIE, value: applicant.cookie.split('=').slice(1).join('='), url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/staff`);
    expect(new URL(page.url()).pathname).toBe('/staff/sign-in');
    expect((await request(ctx.app).get('/staff').set('Cookie', applicant.cookie)).status).toBe(303);
    await context.close();
  });
});
