import type { Answers, Question } from './types.js';
import { fieldByKey } from './fields.js';
import { isAnswered } from './conditions.js';
import { formDefinition } from './definition.js';
import type { FormDefinition } from './types.js';

/**
 * Words a text in the reader's language: the page's `t` (contracts/i18n/page-text.ts) or a server translator. form/
 * imports no catalogue, so the callers pass theirs; the English texts below are the catalogue's keys (es-form.ts).
 */
export type Say = (english: string, params?: Readonly<Record<string, string | number>>) => string;

/** A school or address search: the question whose pick fills its block (§4). */
export type LookupQuestion = Extract<Question, { kind: 'autocomplete' }>;

/** The search question `key` names, from the definition; null for any other key. */
export function lookupQuestion(key: unknown): LookupQuestion | null {
  const question = typeof key === 'string' ? fieldByKey(key)?.question : undefined;
  return question?.kind === 'autocomplete' ? question : null;
}

/** The keys a pick fills besides the search itself: the block's other fields, as the definition's `fills` names them. */
export function otherFills(q: LookupQuestion): string[] {
  return Object.values(q.fills).filter((key) => key !== q.key);
}

/** Of those, the ones holding an answer: what free text in the search clears (§4), so what the applicant must be told of. */
export function answeredFills(q: LookupQuestion, answers: Readonly<Answers>): string[] {
  return otherFills(q).filter((key) => isAnswered(answers[key]));
}

/** The school's CEEB code key: set only by a pick (or typed by hand), so a school block holding one is a listed school. */
export function ceebKey(q: LookupQuestion): string | undefined {
  return q.category === 'address' ? undefined : q.fills.ceeb;
}

/**
 * "City, State/Province and CEEB Code": the fields by the labels the page shows them with, from the definition in
 * the page's language (`formDefinition('es')` on a Spanish page: "Ciudad, Estado/Provincia y Código CEEB").
 */
export function fieldLabels(keys: readonly string[], say: Say, definition: FormDefinition = formDefinition()): string {
  const labels = keys.map((key) => fieldByKey(key, definition)?.question.label ?? key);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} ${say('and')} ${labels.at(-1)}` : (labels[0] ?? '');
}

/** Said at the search when a change cleared answered fields (issue 38: never silently), with Undo beside it. */
export function clearedMessage(keys: readonly string[], say: Say, definition?: FormDefinition): string {
  return say('Cleared {{fields}}.', { fields: fieldLabels(keys, say, definition) });
}

/** Said at the search after Undo put the cleared fields back. */
export function restoredMessage(keys: readonly string[], say: Say, definition?: FormDefinition): string {
  return say('Restored {{fields}}.', { fields: fieldLabels(keys, say, definition) });
}

/** Said at the search on the page after a post without scripts whose changed name (or "not listed") cleared answered fields. */
export function clearedAfterPostMessage(
  q: LookupQuestion,
  keys: readonly string[],
  say: Say,
  definition: FormDefinition = formDefinition(),
  manual = false,
): string {
  const fields = fieldLabels(keys, say, definition);
  if (manual) return say('Cleared {{fields}} of the school chosen before.', { fields });
  // The record's name of the search ("school name", es-form.ts has it), else its label as the page shows it.
  const name = q.printLabel ? say(q.printLabel.toLowerCase()) : (fieldByKey(q.key, definition)?.question.label ?? q.label).toLowerCase();
  return keys.length > 1
    ? say('The {{name}} changed, so {{fields}} were cleared.', { name, fields })
    : say('The {{name}} changed, so {{fields}} was cleared.', { name, fields });
}

/**
 * A page posted without scripts (DESIGN §6) applies §4's rule as the island does: a search whose text changed clears
 * the fields of its block that held an answer. Only those this post left as they were saved: a field typed in the same
 * post is the applicant's answer for the new name. Returns, per changed search, the keys it clears.
 */
export function clearedByPost(
  searches: readonly LookupQuestion[],
  posted: Readonly<Answers>,
  stored: Readonly<Answers>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const q of searches) {
    if (!(q.key in posted) || posted[q.key] === (stored[q.key] ?? '')) continue;
    const keys = answeredFills(q, stored).filter((key) => !(key in posted) || posted[key] === stored[key]);
    if (keys.length > 0) out[q.key] = keys;
  }
  return out;
}
