import { allFields } from './fields.js';
import { formDefinition } from './definition.js';
import type { FormDefinition } from './types.js';

/**
 * The applicant's own addresses, found by what the questions are (every e-mail question of the form, never
 * their keys typed again) plus the account's address: a counselor's request sent to one of them would let
 * the applicant or a parent certify the transcript themselves.
 */
const cache = new WeakMap<FormDefinition, readonly string[]>();

export function emailQuestionKeys(definition: FormDefinition = formDefinition()): readonly string[] {
  const cached = cache.get(definition);
  if (cached) return cached;
  const keys = allFields(definition)
    .map((f) => f.question)
    .filter((q) => q.kind === 'email')
    .map((q) => q.key);
  cache.set(definition, keys);
  return keys;
}

const normalised = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/** True when `email` is the account's address or the answer of any e-mail question other than `exceptKey`. */
export function isOwnAddress(
  email: string,
  answers: Readonly<Record<string, unknown>>,
  options: { exceptKey: string; accountEmail?: string | null; definition?: FormDefinition },
): boolean {
  const wanted = normalised(email);
  if (!wanted) return false;
  if (options.accountEmail && normalised(options.accountEmail) === wanted) return true;
  return emailQuestionKeys(options.definition).some((key) => key !== options.exceptKey && normalised(answers[key]) === wanted);
}
