import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, describeE2E, watchPageProblems } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { createAccount, expectToast, hydrated, lifecycleCalls, logIn, nextEmail } from './lifecycle-helpers.js';
import { answer, fillPage, profileIn, settled } from './form-lifecycle-helpers.js';

const SUMMARY = "We're missing some information!";
const SUCCESS = 'Your application was successfully submitted.';

let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('form-lifecycle-submit', { WORKER: 'off' }));
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
});
