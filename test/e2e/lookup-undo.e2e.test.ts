import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { MANUAL_ENTRY_MESSAGE } from '../../contracts/lookup.js';
import { axeViolations, describeE2E } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { waitForLookupData } from '../helpers/lookup-data.js';
import { coloradoStudent, noticeOf, openHydrated, pick, shot, values } from './lookup-undo-helpers.js';

/**
 * Issue 38 (a walk on a 390 px phone, scripts on, a Colorado applicant): free text in a school or address search
 * still clears the block's looked-up fields (§4), but says so under the search, naming them, with Undo that brings
 * back every cleared value (and the pick with its CEEB code); "My school is not listed" opens hand entry at once.
 */
let browser: Browser;
let server: RunningServer;
let smtp: E2EStack['smtp'];

beforeAll(async () => {
  ({ browser, server, smtp } = await startE2EStack('lookup-undo'));
  await waitForLookupData(server.url);
}, 180_000);
afterAll(() => stopE2EStack({ browser, server, smtp }));

const SCHOOL = ['hs_name', 'hs_ceeb', 'hs_address_line_1', 'hs_city', 'hs_state', 'hs_zip', 'hs_country'] as const;
const FAIRVIEW = {
  hs_name: 'Fairview High School',
  hs_ceeb: '060118',
  hs_address_line_1: '1515 Greenbriar Blvd',
  hs_city: 'Boulder',
  hs_state: 'CO',
  hs_zip: '80305',
  hs_country: 'US',
};

async function pickFairview(page: Page) {
  await pick(page, 'hs_name', 'fairview', /Fairview High School\s+Boulder, CO/, { key: 'hs_ceeb', value: FAIRVIEW.hs_ceeb });
  // The pick has no street for this school: the applicant types it.
  await page.fill('#hs_address_line_1', FAIRVIEW.hs_address_line_1);
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describeE2E('a school or address search says what free text cleared, with Undo (issue 38)', () => {
  it("names the fields cleared by editing a picked school's name, and Undo (by keyboard) restores the pick and the street", async () => {
    const { context, page } = await coloradoStudent(browser, server, smtp, true);
    await openHydrated(page, '/education');
    await pickFairview(page);
    expect(await values(page, SCHOOL)).toEqual(FAIRVIEW);

    await page.locator('#hs_name').focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' Campus', { delay: 40 });
    await page.locator('#hs_name-cleared', { hasText: 'Cleared' }).waitFor();
    expect(await noticeOf(page, 'hs_name')).toBe('Cleared CEEB Code, Address, City, State/Province, ZIP/Postal Code and Country.');
    expect(await page.locator('#hs_name-cleared').getAttribute('role')).toBe('status');
    expect(await values(page, SCHOOL)).toEqual({
      hs_name: 'Fairview High School Campus',
      hs_ceeb: '',
      hs_address_line_1: '',
      hs_city: '',
      hs_state: '',
      hs_zip: '',
      hs_country: '',
    });
    await shot(page, 'school-cleared-with-undo');
    await expectNoAxeViolations(page);

    // Keyboard: from the name, Tab reaches Clear, then Undo.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Undo');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.getElementById('hs_ceeb') as HTMLInputElement).value === '060118');
    expect(await values(page, SCHOOL)).toEqual(FAIRVIEW);
    expect(await noticeOf(page, 'hs_name')).toBe('Restored CEEB Code, Address, City, State/Province, ZIP/Postal Code and Country.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('hs_name');
    expect(await page.getByText(MANUAL_ENTRY_MESSAGE).count()).toBe(0);
    await shot(page, 'school-restored');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('after hand entry of a school not listed, correcting its name says what it cleared; Undo keeps the corrected name', async () => {
    const { context, page } = await coloradoStudent(browser, server, smtp, true);
    await openHydrated(page, '/education');
    await page.locator('#hs_name').focus();
    await page.keyboard.type('Zyx Home Co-ap', { delay: 30 });
    const byHand = { hs_address_line_1: '12 Pine St', hs_city: 'Lyons', hs_zip: '80540' };
    for (const [key, value] of Object.entries(byHand)) await page.fill(`#${key}`, value);
    await page.selectOption('#hs_state', 'CO');
    await page.locator('#hs_name').focus();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('op');
    await page.locator('#hs_name-cleared', { hasText: 'Cleared' }).waitFor();
    expect(await noticeOf(page, 'hs_name')).toBe('Cleared Address, City, State/Province and ZIP/Postal Code.');
    expect(await values(page, ['hs_name', 'hs_city', 'hs_state'])).toEqual({ hs_name: 'Zyx Home Co-op', hs_city: '', hs_state: '' });
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction(() => (document.getElementById('hs_city') as HTMLInputElement).value === 'Lyons');
    expect(await values(page, ['hs_name', 'hs_state', ...Object.keys(byHand)])).toEqual({
      hs_name: 'Zyx Home Co-op',
      hs_state: 'CO',
      ...byHand,
    });
    await context.close();
  });

  it('names the address fields cleared by one letter after a picked address, and Undo restores them all', async () => {
    const { context, page } = await coloradoStudent(browser, server, smtp, true);
    await openHydrated(page, '/about');
    await pick(page, 'address_line_1', '281 w warner', /281 W WARNER RD\s+Gilbert, AZ 85233/, { key: 'zip', value: '85233' });
    await page.fill('#address_line_2', 'Apt 4');
    const ADDRESS = ['address_line_1', 'address_line_2', 'city', 'state', 'zip', 'country'] as const;
    const picked = await values(page, ADDRESS);
    expect(picked).toMatchObject({
      address_line_1: '281 W WARNER RD',
      address_line_2: 'Apt 4',
      city: 'Gilbert',
      state: 'AZ',
      country: 'US',
    });

    await page.locator('#address_line_1').focus();
    await page.keyboard.press('End');
    await page.keyboard.type('X');
    await page.locator('#address_line_1-cleared', { hasText: 'Cleared' }).waitFor();
    expect(await noticeOf(page, 'address_line_1')).toBe('Cleared Apt. #, City, State/Province, ZIP/Postal Code and Country.');
    expect(await values(page, ADDRESS)).toEqual({
      address_line_1: '281 W WARNER RDX',
      address_line_2: '',
      city: '',
      state: '',
      zip: '',
      country: '',
    });
    await shot(page, 'address-cleared-with-undo');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.getElementById('zip') as HTMLInputElement).value === '85233');
    expect(await values(page, ADDRESS)).toEqual(picked);
    await shot(page, 'address-restored');
    await context.close();
  });

  it('"My school is not listed" opens hand entry at once: the message, focus on the school\'s address, the pick\'s details cleared', async () => {
    const { context, page } = await coloradoStudent(browser, server, smtp, true);
    await openHydrated(page, '/education');
    await pickFairview(page);
    const notListed = page.getByRole('button', { name: 'My school is not listed' });
    await notListed.focus();
    await page.keyboard.press('Enter');
    await page.getByText(MANUAL_ENTRY_MESSAGE).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('hs_address_line_1');
    expect(await values(page, ['hs_name', 'hs_ceeb', 'hs_city'])).toEqual({ hs_name: 'Fairview High School', hs_ceeb: '', hs_city: '' });
    expect(await noticeOf(page, 'hs_name')).toBe('Cleared CEEB Code, Address, City, State/Province, ZIP/Postal Code and Country.');
    await page.locator('#hs_name').scrollIntoViewIfNeeded();
    await shot(page, 'school-not-listed-open');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('lists William J Palmer High School first when a Colorado Springs applicant searches "Palmer"', async () => {
    const { context, page } = await coloradoStudent(browser, server, smtp, true);
    await openHydrated(page, '/education');
    await page.locator('#hs_name').focus();
    const searched = page.waitForResponse((res) => res.url().includes('query=Palmer') && res.url().includes('state=CO'));
    await page.keyboard.type('Palmer', { delay: 50 });
    const res = await searched;
    expect(res.url()).toContain('city=Colorado+Springs');
    const first = page.locator('#hs_name-listbox [role="option"]').first();
    await first.waitFor();
    expect((await first.textContent())?.replace(/\s+/g, ' ').trim()).toBe('William J Palmer High School Colorado Springs, CO');
    await context.close();
  });
});
