import { formDefinition } from './definition.js';
import { isIsoDate } from './dates.js';
import { allFields, descKey, hasDescription, optionsFor } from './fields.js';
import type { Answers, FormDefinition } from './types.js';

/**
 * Every storable answer key in definition order (file questions excluded: see document_answer): each question's key, followed by its `_desc` companion when
 * it is a choice (§3). The API rejects anything else (see unknownKeys).
 */
export function answerKeys(definition: FormDefinition = formDefinition()): string[] {
  const keys: string[] = [];
  for (const { question } of allFields(definition)) {
    // Documents are not answers: they live in document_answer (§3) and only their status reaches the answers.
    if (question.kind === 'file') continue;
    keys.push(question.key);
    if (hasDescription(question)) keys.push(descKey(question.key));
  }
  return keys;
}

const keySets = new WeakMap<FormDefinition, ReadonlySet<string>>();

function keySet(definition: FormDefinition): ReadonlySet<string> {
  let set = keySets.get(definition);
  if (!set) {
    set = new Set(answerKeys(definition));
    keySets.set(definition, set);
  }
  return set;
}

/** The keys of `answers` the definition does not know (for the API's 400 naming them). */
export function unknownKeys(answers: Readonly<Record<string, unknown>>, definition: FormDefinition = formDefinition()): string[] {
  const known = keySet(definition);
  return Object.keys(answers).filter((key) => !known.has(key));
}

/** Every answer key with the empty answer: '' (§3). */
export function blankAnswers(definition: FormDefinition = formDefinition()): Answers {
  return Object.fromEntries(answerKeys(definition).map((key) => [key, '']));
}

/**
 * Sets `<key>_desc` to the visible label of the chosen option for every choice question present in `answers`
 * ('' when nothing, or nothing valid, is chosen), so the island and the server store the same thing and a
 * client-sent description is never trusted.
 */
export function withDescriptions(
  answers: Readonly<Answers>,
  definition: FormDefinition = formDefinition(),
  now: Date = new Date(),
): Answers {
  const out: Answers = { ...answers };
  for (const { question } of allFields(definition)) {
    if (!hasDescription(question)) continue;
    const desc = descKey(question.key);
    if (!Object.hasOwn(out, question.key) && !Object.hasOwn(out, desc)) continue;
    const value = String(out[question.key] ?? '');
    out[desc] = value === '' ? '' : (optionsFor(question, out, now).find((option) => option.value === value)?.label ?? '');
  }
  return out;
}

/** §5: an invalid date is rejected and the stored value cleared. Returns answers with every non-date in a date question set to ''. */
export function clearInvalidDates(answers: Readonly<Answers>, definition: FormDefinition = formDefinition()): Answers {
  const out: Answers = { ...answers };
  for (const { question } of allFields(definition)) {
    if (question.kind !== 'date') continue;
    const value = out[question.key];
    if (value !== undefined && value !== '' && !isIsoDate(value)) out[question.key] = '';
  }
  return out;
}
