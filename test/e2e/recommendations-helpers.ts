import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ReceivedMail } from '../helpers/smtp.js';
import { TEST_TMP } from '../helpers/paths.js';
import { screenshot } from '../helpers/browser.js';

/** Shared by the recommendation browser tests (recommendations, recommendations-bounce). */

/** Screenshots for people to look at (not asserted): RECS_SHOTS, else the test folder. */
export const RECS_SHOTS = process.env.RECS_SHOTS ?? join(TEST_TMP, 'screenshots', 'recommendations');

export async function recShot(page: Page, name: string): Promise<void> {
  mkdirSync(RECS_SHOTS, { recursive: true });
  await screenshot(page, join(RECS_SHOTS, `${name}.png`), { fullPage: true });
}

export function teacherLinkIn(mail: ReceivedMail): string {
  const match = /(http:\/\/\S+\/recommend\/[A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error(`no recommendation link in: ${mail.text}`);
  return match[1]!;
}

/** Fills and sends the teacher form of one slot on /recommendations or /completion. */
export async function inviteTeacher(page: Page, slot: 1 | 2, teacher: { name: string; email: string; subject: string }): Promise<void> {
  await page.locator(`#rec-${slot}-name`).fill(teacher.name);
  await page.locator(`#rec-${slot}-email`).fill(teacher.email);
  await page.locator(`#rec-${slot}-subject`).fill(teacher.subject);
  await page.locator(`form:has(#rec-${slot}-name) button[type=submit]`).click();
}

/** Reloads the teacher's page until the conversion has checked the file. */
export async function untilLetterReceived(page: Page): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const text = (await page.locator('main').textContent()) ?? '';
    if ((await page.locator('h1').textContent()) === 'Letter received' && !text.includes('We are checking the file')) return;
    await page.waitForTimeout(250);
    await page.reload();
  }
  throw new Error(`the letter was not received: ${await page.locator('main').textContent()}`);
}

/** Polls until `check` is true (a job in this process has done its part). */
export async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}
