import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { axeViolations, describeE2E } from '../helpers/browser.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { startWalk, type Walk } from './walk-helpers.js';

/**
 * Issue 38 item 4: an added high school can be removed again, after a confirmation naming it ("Remove High
 * School 2?"): a dialog with scripts, a step of the page without. Its answers go and the count goes down; the
 * first high school has no Remove.
 */
let walk: Walk;
beforeAll(async () => {
  walk = await startWalk();
}, 120_000);
afterAll(() => walk?.close());

async function stored(user: TestUser): Promise<{ count: number | undefined; city: unknown }> {
  const row = await walk.ctx.db.knex('applications').where({ user_id: user.id }).first();
  const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  return { count: parse(row.add_another)['high-schools'] as number | undefined, city: parse(row.answers).hs_2_city };
}

/** Until the background save has stored what the page shows (no timing asserted: the state is). */
async function storedAs(user: TestUser, expected: { count: number; city: unknown }): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const now = await stored(user);
    if (now.count === expected.count && (now.city ?? '') === expected.city) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await stored(user)).toEqual(expected);
}

const headings = (page: Page) => page.locator('.repeater__title').allTextContents();

describeE2E('removing an added high school (issue 38)', () => {
  it('with scripts: added, typed in, removed after a dialog naming it; the first has no Remove', async () => {
    const user = await createLoggedInUser(walk.ctx);
    const context = await walk.phone(user);
    const page = await context.newPage();
    await walk.openFormPage(page, '/education');
    await expect(page.locator('.repeater__remove').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Add another high school' }).click();
    await page.locator('#hs_2_city').fill('Boston');
    await storedAs(user, { count: 2, city: 'Boston' });
    await page.getByRole('button', { name: 'Remove High School 2' }).scrollIntoViewIfNeeded();
    await walk.shot(page, 'repeater-remove-button', false);
    await page.getByRole('button', { name: 'Remove High School 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove High School 2?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await walk.shot(page, 'repeater-remove-dialog', false);
    await dialog.getByRole('button', { name: 'Remove High School 2' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(headings(page)).resolves.toEqual(['High School']);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('high-schools-0-title');
    await storedAs(user, { count: 1, city: '' });
    // Added again, it starts empty.
    await page.getByRole('button', { name: 'Add another high school' }).click();
    await expect(page.locator('#hs_2_city').inputValue()).resolves.toBe('');
    await context.close();
  }, 90_000);

  it('without scripts: Remove asks on the page, then removes; Keep leaves it', async () => {
    const user = await createLoggedInUser(walk.ctx);
    const context = await walk.phone(user, 390, false);
    const page = await context.newPage();
    await walk.openFormPage(page, '/education', false);
    await page.getByRole('button', { name: 'Add another high school' }).click();
    await page.waitForSelector('#hs_2_city');
    await page.locator('#hs_2_city').fill('Boston');
    await page.getByRole('button', { name: 'Remove High School 2' }).click();
    const confirm = page.getByRole('group', { name: 'Remove High School 2?' });
    await confirm.waitFor();
    await expect(confirm.textContent()).resolves.toContain('The answers you gave for High School 2 will be deleted.');
    // What was typed before pressing Remove is saved, not lost.
    await expect(stored(user)).resolves.toEqual({ count: 2, city: 'Boston' });
    await confirm.scrollIntoViewIfNeeded();
    await walk.shot(page, 'repeater-remove-nojs-confirm', false);
    await confirm.getByRole('link', { name: 'Keep High School 2' }).click();
    await page.waitForSelector('#hs_2_city');
    await expect(page.locator('.repeater__confirm').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Remove High School 2' }).click();
    await page.getByRole('group', { name: 'Remove High School 2?' }).getByRole('button', { name: 'Remove High School 2' }).click();
    await page.waitForSelector('.repeater__confirm', { state: 'detached' });
    await expect(headings(page)).resolves.toEqual(['High School']);
    await expect(stored(user)).resolves.toEqual({ count: 1, city: '' });
    await page.locator('.repeater__add').scrollIntoViewIfNeeded();
    await walk.shot(page, 'repeater-remove-nojs-done', false);
    await context.close();
  }, 90_000);
});
