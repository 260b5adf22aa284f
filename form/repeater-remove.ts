import type { Answers, Repeater } from './types.js';
import { localKeys, repeaterInstance } from './blocks.js';
import { descKey } from './fields.js';

/** The first entry of an add-another is never removed: the question it asks stays on the page (§2). */
export const FIRST_REMOVABLE_INSTANCE = 1;

/** The answer keys of one entry, in the template's order (every entry has the same keys under its own prefix). */
function entryKeys(node: Repeater, index: number): string[] {
  return [...localKeys(repeaterInstance(node, index))].flatMap((key) => [key, descKey(key)]);
}

/** Whether entry `index` of `count` shown entries can be removed. */
export function isRemovable(index: number, count: number): boolean {
  return Number.isInteger(index) && index >= FIRST_REMOVABLE_INSTANCE && index < count;
}

/**
 * The answer changes that remove entry `index` of the `count` shown (issue 38): each later entry's answers move
 * up one place, so "High School 3" becomes "High School 2" with what was typed in it, and the last entry's
 * answers are cleared ('' as every cleared answer, form/conditions.ts). With the count lowered by one, nothing
 * of the removed entry is left. The island and the server's form post (without scripts) both remove with it.
 */
export function removalChanges(node: Repeater, index: number, count: number, answers: Readonly<Answers>): Answers {
  const changes: Answers = {};
  if (!isRemovable(index, count)) return changes;
  for (let at = index; at < count; at++) {
    const into = entryKeys(node, at);
    const from = at + 1 < count ? entryKeys(node, at + 1) : null;
    into.forEach((key, position) => {
      const moved = from ? answers[from[position]!] : undefined;
      if (moved !== undefined || Object.hasOwn(answers, key)) changes[key] = moved ?? '';
    });
  }
  return changes;
}
