import type { Repeater } from './types.js';
import { localKeys, repeaterInstance } from './blocks.js';
import { isAnswered } from './conditions.js';
import { defaultCount } from './ui-defaults.js';

/** §9: never more than ten components, one by default. */
export const REPEATER_LIMIT = 10;

/** The most components an add-another can show: its own maximum, within §9's limit and the prefixes it has. */
export function repeaterMax(node: Repeater): number {
  return Math.min(node.max, REPEATER_LIMIT, node.prefixes.length);
}

/**
 * How many instances of an add-another to show: the chosen count, but never fewer than the last instance
 * that holds an answer (answers restored from the browser or saved before must stay visible). The interactive
 * form and the read-only views (review, staff view, PDF) both count with it, so they never show different ones.
 */
export function repeaterCount(node: Repeater, chosen: number | undefined, answers: Record<string, unknown>): number {
  let count = chosen ?? defaultCount(node);
  for (let index = count; index < node.max; index++) {
    const keys = localKeys(repeaterInstance(node, index));
    if ([...keys].some((key) => isAnswered(answers[key] as string | boolean | undefined))) count = index + 1;
  }
  return count;
}
