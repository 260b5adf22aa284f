import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeE2E, watchPageProblems } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { call, createAccount, expectToast, hydrated, logIn, nextEmail } from './lifecycle-helpers.js';
import { answer, profileIn, settled } from './form-lifecycle-helpers.js';

let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('form-lifecycle-saving', { WORKER: 'off' }));
}, 120_000);
afterAll(async () => {
  await stopE2EStack({ browser, server, smtp });
});

/** A new browser context logged in as a new applicant. */
async function student(email = nextEmail('lifecycle')): Promise<{ context: BrowserContext; email: string }> {
  await createAccount(server, smtp, email);
  const context = await browser.newContext();
  await logIn(server, context, email);
  return { context, email };
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await hydrated(page, 'Form');
}

describeE2E('the application lifecycle of a logged-in applicant in Chromium', () => {
  it('persists add-another counts and the chosen tab; their errors are shown (toast, upload-in-progress dialog)', async () => {
    const { context } = await student();
    const page = await context.newPage();
    await open(page, '/education');
    await settled(page);
    const add = page.getByRole('button', { name: 'Add another high school' });
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/add-another') && r.status() === 200), add.click()]);
    // The count changes on screen once the island has the saved answer: a render after the response.
    await page.locator('.repeater__item').nth(1).waitFor();
    await expect(page.locator('.repeater__item').count()).resolves.toBe(2);
    await page.getByRole('tab', { name: 'I will upload it now' }).click();
    await page.locator('#transcript').waitFor();
    await page.reload();
    await hydrated(page, 'Form');
    await expect(page.locator('.repeater__item').count()).resolves.toBe(2);
    await expect(page.getByRole('tab', { name: 'I will upload it now' }).getAttribute('aria-selected')).resolves.toBe('true');

    // A failing add-another call: the toast names the button, and the count does not change.
    await page.route('**/api/add-another', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'boom' }) }),
    );
    await add.click();
    await expectToast(page, 'Error', 'Error adding another');
    await expect(page.locator('.repeater__item').count()).resolves.toBe(2);
    // The server's 409 while a document under the left tab converts: the §4 dialog, and the tab stays.
    await page.route('**/api/tabs', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ title: 'File Upload in Progress', message: 'Please wait until the file upload has completed.' }),
      }),
    );
    await page.getByRole('tab', { name: 'My counselor will send it' }).click();
    const dialog = page.getByRole('dialog', { name: 'File Upload in Progress' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Please wait until the file upload has completed.');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tab', { name: 'I will upload it now' }).getAttribute('aria-selected')).resolves.toBe('true');
    await context.close();
  }, 120_000);

  it('a logout right after typing saves the answers first (the flush registry), before the background save would', async () => {
    const { context, email } = await student();
    const page = await context.newPage();
    await open(page, '/about');
    await settled(page);
    // The popover loads its code on first interaction: let it hydrate before the clock is paused.
    await page.getByRole('button', { name: 'Account' }).hover();
    await page.waitForSelector('[data-island="AccountPopover"][data-hydrated="true"]', { state: 'attached' });
    await page.mouse.move(0, 0);
    // A paused clock from here: the 2 s background save never comes due, so only the flush can save.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const calls: string[] = [];
    page.on('request', (r) => calls.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await page.fill('#preferred_name', 'Flushed');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.clock.runFor(500); // the popover's open delay; far short of the background save's 2 s
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    // Saved before the session ended (not by the page's exit handler, which would come too late).
    expect(calls.indexOf('PUT /api/answer')).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('PUT /api/answer')).toBeLessThan(calls.indexOf('POST /api/logout'));
    const again = await browser.newContext();
    await logIn(server, again, email);
    expect((await call(server, again, 'GET', '/api/profile')).body.answer.preferred_name).toBe('Flushed');
    await context.close();
    await again.close();
  }, 120_000);

  it('answers typed and saved in the background come back after a reload and in another context', async () => {
    const { context, email } = await student();
    const page = await context.newPage();
    await open(page, '/about');
    await settled(page);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/answer') && r.request().method() === 'PUT' && r.status() === 200);
    await page.fill('#last_name', 'Hopper');
    await saved; // the debounced background save, no button pressed
    await page.reload();
    await hydrated(page, 'Form');
    await expect(page.locator('#last_name').inputValue()).resolves.toBe('Hopper');

    const other = await browser.newContext();
    await logIn(server, other, email);
    const elsewhere = await other.newPage();
    await open(elsewhere, '/about');
    await expect(elsewhere.locator('#last_name').inputValue()).resolves.toBe('Hopper');
    await context.close();
    await other.close();
  }, 120_000);

  it('saved select answers (state, month, year) come back selected in the server HTML, survive hydration and still change', async () => {
    const { context } = await student();
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await open(page, '/education');
    await settled(page);
    const year = String(new Date().getFullYear());
    const chosen = { hs_state: 'UT', grad_month: '6', grad_year: year };
    // One background save after the last choice (saves run one at a time, so any earlier one has finished).
    const savedAll = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/answer') &&
        r.request().method() === 'PUT' &&
        r.status() === 200 &&
        'grad_year' in (r.request().postDataJSON() ?? {}),
    );
    for (const [key, value] of Object.entries(chosen)) await answer(page, key, value);
    await savedAll;
    // The server marks the saved options (its option lists are rendered once per list, the choice marked).
    const response = await page.reload();
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<option value="UT" selected="">Utah</option>');
    expect(html).toContain('<option value="6" selected="">June</option>');
    expect(html).toContain(`<option value="${year}" selected="">${year}</option>`);
    await hydrated(page, 'Form');
    for (const [key, value] of Object.entries(chosen)) await expect(page.locator(`#${key}`).inputValue()).resolves.toBe(value);
    // The island controls the hydrated selects: a change is an answer, saved and shown.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/answer') && r.request().method() === 'PUT' && r.status() === 200);
    await page.selectOption('#hs_state', 'CO');
    await saved;
    await expect(page.locator('#hs_state').inputValue()).resolves.toBe('CO');
    expect((await profileIn(page)).answer).toMatchObject({ hs_state: 'CO', hs_state_desc: 'Colorado', grad_month: '6', grad_year: year });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
