import type { Page } from 'playwright-core';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { allFields } from '../../form/fields.js';
import type { PageId } from '../../form/types.js';

/** Shared by the form lifecycle browser tests (form-lifecycle-submit, form-lifecycle-saving): answering as an applicant does. */

/** The form's first answer version comes from the page; wait until the background work of §4 settled. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

/** Fills one question the way an applicant does, whatever its control. */
export async function answer(page: Page, key: string, value: string | boolean): Promise<void> {
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
export function keysOn(pageId: PageId): string[] {
  const order = allFields().map((f) => f.question.key);
  const keys = allFields()
    .filter((f) => f.page === pageId && f.question.key in COMPLETE_ANSWERS)
    .map((f) => f.question.key);
  // The country decides whether state and ZIP apply: choose it right after the address line.
  return [...new Set(keys)].sort((a, b) => rank(a) - rank(b) || order.indexOf(a) - order.indexOf(b));
}
const rank = (key: string) => (key === 'address_line_1' ? 0 : key === 'country' ? 1 : 2);

/** GET /api/profile from inside the page (its session), as the island would. */
export function profileIn(page: Page): Promise<any> {
  return page.evaluate(() => fetch('/api/profile', { headers: { Accept: 'application/json' } }).then((r) => r.json()));
}

export async function fillPage(page: Page, pageId: PageId): Promise<void> {
  for (const key of keysOn(pageId)) await answer(page, key, COMPLETE_ANSWERS[key]!);
}
