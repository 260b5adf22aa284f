import { isAnswered } from './conditions.js';
import { formDefinition } from './definition.js';
import { displayValue } from './display.js';
import { allFields } from './fields.js';
import type { Answers, FormDefinition, Question } from './types.js';

/**
 * The answers as exports and the integration API carry them: one column per question of the definition,
 * named by its answer key, in definition order, with the read-only display text (the staff view's and the
 * PDF's). Derived, never listed: adding a question adds a column.
 */
const cache = new WeakMap<FormDefinition, readonly Question[]>();

export function answerColumns(definition: FormDefinition = formDefinition()): readonly Question[] {
  let columns = cache.get(definition);
  if (!columns) {
    const seen = new Set<string>();
    columns = allFields(definition)
      .map((f) => f.question)
      .filter((q) => (seen.has(q.key) ? false : (seen.add(q.key), true)));
    cache.set(definition, columns);
  }
  return columns;
}

/** Answered questions only: key → { value as stored, display text }. */
export function answersWithDisplay(
  answers: Readonly<Answers>,
  definition: FormDefinition = formDefinition(),
): Record<string, { value: string | boolean; display: string }> {
  const out: Record<string, { value: string | boolean; display: string }> = {};
  for (const question of answerColumns(definition)) {
    const value = answers[question.key];
    if (value === undefined || (typeof value === 'string' && !isAnswered(value))) continue;
    out[question.key] = { value, display: displayValue(question, answers) };
  }
  return out;
}
