import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeE2E } from '../helpers/browser.js';
import { startWalk, type Walk } from './walk-helpers.js';

/**
 * Issue 38 item 1: the password checklist's ✗/✓ marks stand beside their rule's text, never over its first letter
 * (/completion's own `.checklist` rules once reached the sign-up card). Measured as boxes: each mark (the item's
 * ::before, absolutely placed) against the rectangle of its text.
 */
let walk: Walk;
beforeAll(async () => {
  walk = await startWalk();
}, 120_000);
afterAll(() => walk?.close());

interface Overlap {
  rule: string;
  mark: [number, number];
  text: [number, number];
}

describeE2E('the password checklist on a phone (issue 38)', () => {
  it.each([320, 390])(
    'at %i px each mark stands beside its text, in every state',
    async (width) => {
      const context = await walk.phone(null, width);
      const page = await context.newPage();
      await page.goto(`${walk.base}/signup`);
      await page.waitForSelector('[data-island="AuthCardSignup"][data-hydrated="true"]', { state: 'attached' });
      // Mixed states: some rules met (✓), some not (✗).
      await page.fill('#password', 'short1');
      await expect(page.locator('[data-rule="length"]').getAttribute('data-state')).resolves.toBe('error');
      await expect(page.locator('[data-rule="lowercase"]').getAttribute('data-state')).resolves.toBe('success');
      const overlaps = await page.evaluate(() => {
        const found: Array<{ rule: string; mark: [number, number]; text: [number, number] }> = [];
        for (const item of Array.from(document.querySelectorAll<HTMLElement>('[data-rule]'))) {
          const before = getComputedStyle(item, '::before');
          const box = item.getBoundingClientRect();
          const markLeft = box.left + parseFloat(getComputedStyle(item).borderLeftWidth) + parseFloat(before.left);
          const markRight = markLeft + parseFloat(before.width);
          // The rule's visible text: its last text node (the first child is the screen reader's "Met:").
          const label = Array.from(item.childNodes)
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .pop();
          if (!label || before.content === 'none' || before.position !== 'absolute') {
            found.push({ rule: `${item.dataset.rule} (no mark beside a text)`, mark: [markLeft, markRight], text: [0, 0] });
            continue;
          }
          const range = document.createRange();
          range.selectNodeContents(label);
          const text = range.getBoundingClientRect();
          if (markRight > text.left + 0.5)
            found.push({ rule: item.dataset.rule ?? '', mark: [markLeft, markRight], text: [text.left, text.right] });
        }
        return found;
      });
      expect(overlaps).toEqual([] as Overlap[]);
      await walk.shot(page, `signup-checklist-${width}`);
      await context.close();
    },
    60_000,
  );
});
