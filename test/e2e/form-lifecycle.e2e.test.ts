import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, describeE2E, watchPageProblems } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { allFields } from '../../form/fields.js';
import type { PageId } from '../../form/types.js';
import { call, createAccount, expectToast, hydrated, lifecycleCalls, logIn, nextEmail } from './lifecycle-helpers.js';

const SUMMARY = "We're missing some information!";
const SUCCESS = 'Your application was successfully submitted.';

let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('form-lifecycle', { WORKER: 'off' }));
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

/** The form's first answer version comes from the page; wait until the background work of §4 settled. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

/** Fills one question the way an applicant does, whatever its control. */
async function answer(page: Page, key: string, value: string | boolean): Promise<void> {
  const control = page.locator(`#${key}`);
  if (typeof value === 'boolean') return value ? control.check() : control.uncheck();
  const radio = page.locator(`input[type="radio"][name="${key}"][value="${value}"]`);
  if ((await radio.count()) > 0) return radio.check();
  if ((await control.evaluate((el) => el.tagName)) === 'SELECT') {
    await control.selectOption(value);
    return;
  }
  await control.fill(value);
  // Leave the field (an autocomplete closes its suggestions; Escape would clear it).
  await control.evaluate((el) => (el as HTMLElement).blur());
}

/** Keys of the complete fixture on one page, in the definition's order (a later question may depend on an earlier one). */
function keysOn(pageId: PageId): string[] {
  const order = allFields().map((f) => f.question.key);
  const keys = allFields()
    .filter((f) => f.page === pageId && f.question.key in COMPLETE_ANSWERS)
    .map((f) => f.question.key);
  // The country decides whether state and ZIP apply: choose it right after the address line.
  return [...new Set(keys)].sort((a, b) => rank(a) - rank(b) || order.indexOf(a) - order.indexOf(b));
}
const rank = (key: string) => (key === 'address_line_1' ? 0 : key === 'country' ? 1 : 2);

/** GET /api/profile from inside the page (its session), as the island would. */
function profileIn(page: Page): Promise<any> {
  return page.evaluate(() => fetch('/api/profile', { headers: { Accept: 'application/json' } }).then((r) => r.json()));
}

async function fillPage(page: Page, pageId: PageId): Promise<void> {
  for (const key of keysOn(pageId)) await answer(page, key, COMPLETE_ANSWERS[key]!);
}

describeE2E('the application lifecycle of a logged-in applicant in Chromium', () => {
  it('fills all three pages, submits once and lands on /completion; afterwards /about redirects there', async () => {
    const { context } = await student();
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await open(page, '/about');
    await settled(page);
    await fillPage(page, 'about');
    await Promise.all([page.waitForURL('**/education'), page.getByRole('button', { name: 'Continue' }).click()]);
    await hydrated(page, 'Form');
    await fillPage(page, 'education');
    await Promise.all([page.waitForURL('**/final-steps'), page.getByRole('button', { name: 'Continue' }).click()]);
    await hydrated(page, 'Form');
    await fillPage(page, 'final-steps');
    const submit = page.getByRole('button', { name: 'Submit' });
    const calls = lifecycleCalls(page);
    // A double click submits once: the button is disabled while the first is in flight.
    await Promise.all([page.waitForURL('**/completion', { timeout: 20_000 }), submit.dblclick()]);
    expect(calls).toEqual(['POST /api/submit']);
    await expect(page.getByText(SUCCESS).first().isVisible()).resolves.toBe(true);

    await page.goto(`${server.url}/about`);
    expect(new URL(page.url()).pathname).toBe('/completion');
    const profile = await profileIn(page);
    expect(profile.answer.first_name).toBe(COMPLETE_ANSWERS.first_name);
    expect(profile.web_status.map((s: { web_status: string }) => s.web_status).sort()).toEqual(['started', 'submitted', 'validating']);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('an incomplete submit shows the summary on /about; an item focuses its question; axe-clean', async () => {
    const { context } = await student();
    const page = await context.newPage();
    await open(page, '/about');
    await settled(page);
    await answer(page, 'first_name', 'Ada');
    await Promise.all([page.waitForURL('**/final-steps'), page.getByRole('link', { name: '3. Final steps' }).click()]);
    await hydrated(page, 'Form');
    await settled(page);
    const calls = lifecycleCalls(page);
    await Promise.all([page.waitForURL('**/about'), page.getByRole('button', { name: 'Submit' }).click()]);
    await hydrated(page, 'Form');
    const summary = page.locator('.error-summary');
    await summary.waitFor({ state: 'visible' });
    // One request to submit; the server recorded validating and the problems (the summary is in /about's HTML).
    await settled(page);
    expect(calls).toEqual(['POST /api/submit']);
    await expect(summary.locator('h2').textContent()).resolves.toBe(SUMMARY);
    // Grouped by page, each item linking to /{page}#{key}.
    await expect(summary.locator('h3').allTextContents()).resolves.toEqual(expect.arrayContaining(['About You']));
    const lastName = summary.locator('a[href="/about#last_name"]').first();
    await expect(lastName.count()).resolves.toBe(1);
    expect(await summary.locator('a[href^="/education#"]').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await lastName.click();
    await page.waitForFunction(() => document.activeElement?.id === 'last_name');
    // Typed answers were saved before leaving: first_name is still there after the round trip.
    await expect(page.locator('#first_name').inputValue()).resolves.toBe('Ada');
    // An item on another page goes there (a page change of this session: no redirect back to the last page).
    const other = summary.locator('a[href^="/education#"]').first();
    const key = (await other.getAttribute('href'))!.split('#')[1]!;
    await Promise.all([page.waitForURL(`**/education#${key}`), other.click()]);
    await hydrated(page, 'Form');
    await page.waitForFunction(
      (id) => document.activeElement?.id === id || (document.activeElement as HTMLInputElement | null)?.name === id,
      key,
    );
    await expect(page.locator('.error-summary h2').textContent()).resolves.toBe(SUMMARY);
    await context.close();
  }, 120_000);

  it('two contexts of one applicant edit the same page: the stale save gets 409, the applicant is told and keeps the text', async () => {
    const { context: first, email } = await student();
    const second = await browser.newContext();
    await logIn(server, second, email);
    const a = await first.newPage();
    const b = await second.newPage();
    await open(a, '/about');
    await open(b, '/about');
    await settled(a);
    await settled(b);

    // A's clock is paused: its background save can only run when the test lets time pass.
    await a.clock.install();
    await a.clock.pauseAt(Date.now() + 1000);
    await b.fill('#first_name', 'From B');
    await Promise.all([b.waitForURL('**/education'), b.getByRole('button', { name: 'Continue' }).click()]);

    const conflict = a.waitForResponse((r) => r.url().endsWith('/api/answer') && r.status() === 409);
    await a.fill('#first_name', 'Typed in A');
    await a.getByRole('button', { name: 'Continue' }).click();
    await conflict;
    await expectToast(a, 'Error', 'changed in another tab');
    await expect(a.locator('.save-notice').textContent()).resolves.toContain('What you typed is still here');
    expect(new URL(a.url()).pathname).toBe('/about');
    await expect(a.locator('#first_name').inputValue()).resolves.toBe('Typed in A');
    // No background save overwrites the other tab's answer behind the applicant's back.
    await a.clock.runFor(10_000);
    expect((await profileIn(b)).answer.first_name).toBe('From B');

    // The next save is deliberate and goes through against the version it now knows.
    await Promise.all([a.waitForURL('**/education'), a.getByRole('button', { name: 'Continue' }).click()]);
    expect((await profileIn(a)).answer.first_name).toBe('Typed in A');
    await first.close();
    await second.close();
  }, 120_000);

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
