import { allFields } from './fields.js';
import { formDefinition } from './definition.js';
import type { FormDefinition, Question } from './types.js';

/**
 * The answers the staff desk searches and filters by, found by what the questions are (never by typing
 * their keys again): the applicant's own given and family names (the first questions asking the browser
 * for `given-name` / `family-name`), the first high-school autocomplete's name and CEEB code, and the entry term
 * (the question offering the `entryTerms` list).
 */
export interface StaffKeys {
  firstName: string;
  lastName: string;
  hsCeeb: string;
  /** The first high school's name (the autocomplete's own answer), searched by part of the name. */
  hsName: string;
  entryTerm: string;
}

function find(questions: readonly Question[], test: (q: Question) => boolean, what: string): Question {
  const found = questions.find(test);
  if (!found) throw new Error(`The form definition has no ${what}: the staff desk cannot search by it.`);
  return found;
}

const cache = new WeakMap<FormDefinition, StaffKeys>();

export function staffKeys(definition: FormDefinition = formDefinition()): StaffKeys {
  const cached = cache.get(definition);
  if (cached) return cached;
  const questions = allFields(definition).map((f) => f.question);
  const hint = (q: Question) => (q as { autoComplete?: string }).autoComplete;
  const school = find(questions, (q) => q.kind === 'autocomplete' && q.category === 'hs_ceeb' && Boolean(q.fills.ceeb), 'high-school autocomplete');
  const keys: StaffKeys = {
    firstName: find(questions, (q) => hint(q) === 'given-name', 'given-name question').key,
    lastName: find(questions, (q) => hint(q) === 'family-name', 'family-name question').key,
    hsCeeb: school.kind === 'autocomplete' && school.category !== 'address' ? school.fills.ceeb! : '',
    hsName: school.key,
    entryTerm: find(questions, (q) => 'options' in q && typeof q.options === 'object' && q.options !== null && 'list' in q.options && q.options.list === 'entryTerms', 'entry-term question').key,
  };
  cache.set(definition, keys);
  return keys;
}
