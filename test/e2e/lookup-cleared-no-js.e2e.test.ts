import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { MANUAL_ENTRY_MESSAGE } from '../../contracts/lookup.js';
import { describeE2E } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { waitForLookupData } from '../helpers/lookup-data.js';
import { axeViolationsWithoutJs } from './no-js-helpers.js';
import { call } from './lifecycle-helpers.js';
import { coloradoStudent, noticeOf, shot, values } from './lookup-undo-helpers.js';

/**
 * Issue 38 without scripts: editing a picked school's name kept everything, so "William J Palmer High School IB" was
 * saved with Palmer's CEEB code. The server now applies §4's rule as the island does (a changed name clears the
 * looked-up fields, CEEB code included) and the page says at the field which it cleared; "My school is not listed"
 * opens hand entry; the search lists the applicant's state, then city, first.
 */
let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('lookup-no-js'));
  await waitForLookupData(server.url);
}, 180_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

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

/** Searches for "Palmer" and chooses the first school listed: for this Colorado Springs applicant, William J Palmer. */
async function choosePalmer(page: Page): Promise<void> {
  await page.fill('#hs_name', 'Palmer');
  await press(page, /^Search schools/);
  const first = page.locator('.school-search__choice').first();
  expect((await first.innerText()).replace(/\s+/g, ' ').trim()).toBe('Choose William J Palmer High School Colorado Springs, CO');
  await press(page, /^Choose William J Palmer High School/);
  expect(await values(page, ['hs_name', 'hs_ceeb', 'hs_city'])).toEqual({
    hs_name: 'William J Palmer High School',
    hs_ceeb: '060288',
    hs_city: 'Colorado Springs',
  });
}

describeE2E('school search without scripts (issue 38)', () => {
  it("clears the CEEB code and the looked-up fields when a picked school's name is edited, and says so at the field", async () => {
    const { context, page } = await coloradoStudent(browser, server, smtp, false);
    await page.goto('/education');
    await choosePalmer(page);

    await page.fill('#hs_name', 'William J Palmer High School IB');
    // The street typed in the same post is the applicant's answer for the new name: it stays.
    await page.fill('#hs_address_line_1', '301 N Nevada Ave');
    await press(page, 'Continue');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/education');
    expect(url.hash).toBe('#hs_name-label');
    expect(await values(page, ['hs_name', 'hs_ceeb', 'hs_address_line_1', 'hs_city', 'hs_state', 'hs_zip'])).toEqual({
      hs_name: 'William J Palmer High School IB',
      hs_ceeb: '',
      hs_address_line_1: '301 N Nevada Ave',
      hs_city: '',
      hs_state: '',
      hs_zip: '',
    });
    expect(await noticeOf(page, 'hs_name')).toBe(
      'The school name changed, so CEEB Code, City, State/Province, ZIP/Postal Code and Country were cleared.',
    );
    expect(await page.locator('#hs_name').getAttribute('aria-describedby')).toContain('hs_name-cleared');
    // Saved so: no CEEB code of Palmer under the new name.
    const saved = await call(server, context, 'GET', '/api/profile');
    expect(saved.body.answer).toMatchObject({ hs_name: 'William J Palmer High School IB', hs_ceeb: '' });
    await shot(page, 'no-js-school-cleared');
    expect(await axeViolationsWithoutJs(page)).toEqual([]);

    // The next post changes nothing of the name: nothing more is cleared, and Continue moves on.
    await press(page, 'Continue');
    expect(new URL(page.url()).pathname).not.toBe('/education');
    await context.close();
  });

  it('"My school is not listed" clears a pick\'s details and opens the page at the hand-entry fields', async () => {
    const { context, page } = await coloradoStudent(browser, server, smtp, false);
    await page.goto('/education');
    await choosePalmer(page);
    await press(page, 'My school is not listed');
    const url = new URL(page.url());
    expect(url.searchParams.get('manual')).toBe('hs_name');
    expect(url.hash).toBe('#hs_name-label');
    expect(await page.getByText(MANUAL_ENTRY_MESSAGE).count()).toBe(1);
    expect(await values(page, ['hs_name', 'hs_ceeb', 'hs_city'])).toEqual({
      hs_name: 'William J Palmer High School',
      hs_ceeb: '',
      hs_city: '',
    });
    expect(await noticeOf(page, 'hs_name')).toBe(
      'Cleared CEEB Code, City, State/Province, ZIP/Postal Code and Country of the school chosen before.',
    );
    await shot(page, 'no-js-school-not-listed');
    expect(await axeViolationsWithoutJs(page)).toEqual([]);
    await context.close();
  });
});
