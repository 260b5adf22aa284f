import { allFields, type Field } from './fields.js';
import { formDefinition } from './definition.js';
import type { FormDefinition, Question } from './types.js';

/**
 * The answers the staff desk searches and filters by, found by what the questions are (never by typing
 * their keys again): the applicant's own given and family names (the first questions asking the browser
 * for `given-name` / `family-name`), the first high-school autocomplete's name, state and CEEB code, the entry
 * term (the question offering the `entryTerms` list), the intended major (the one offering `majors`), and
 * residency (the first question shown only for some states of the applicant's own address).
 */
export interface StaffKeys {
  firstName: string;
  lastName: string;
  hsCeeb: string;
  /** The first high school's name (the autocomplete's own answer), searched by part of the name. */
  hsName: string;
  entryTerm: string;
  /** The first high school's state (filled from the lookup, or chosen when the school is not listed). */
  hsState: string;
  /** The intended major (a code of the majors list). */
  major: string;
  /** The applicant's own address's state. */
  addressState: string;
  /** The residency question ('Y': a legal resident for the past 12 months) and the states it is asked in. */
  residency: { key: string; states: readonly string[] };
}

const offersList = (q: Question, list: string) =>
  'options' in q && typeof q.options === 'object' && q.options !== null && 'list' in q.options && q.options.list === list;

/** The first question shown only while `stateKey` is one of some states: residency, which only those states ask about. */
function residencyOf(fields: readonly Field[], stateKey: string): StaffKeys['residency'] {
  for (const field of fields) {
    for (const gate of field.gates) {
      const rule = gate.gate === 'rule' ? gate.rule : null;
      if (
        rule &&
        'valueKey' in rule &&
        rule.valueKey === stateKey &&
        rule.operator === 'in' &&
        Array.isArray(rule.target) &&
        field.question.kind === 'radio'
      ) {
        return { key: field.question.key, states: rule.target as readonly string[] };
      }
    }
  }
  throw new Error('The form definition has no residency question: the staff desk cannot show residency.');
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
  const fields = allFields(definition);
  const questions = fields.map((f) => f.question);
  const hint = (q: Question) => (q as { autoComplete?: string }).autoComplete;
  const school = find(
    questions,
    (q) => q.kind === 'autocomplete' && q.category === 'hs_ceeb' && Boolean(q.fills.ceeb),
    'high-school autocomplete',
  );
  const address = find(
    questions,
    (q) => q.kind === 'autocomplete' && q.category === 'address' && Boolean(q.fills.state),
    'address autocomplete',
  );
  const fillOf = (q: Question, field: string) => (q.kind === 'autocomplete' ? (q.fills[field] ?? '') : '');
  const addressState = fillOf(address, 'state');
  const keys: StaffKeys = {
    firstName: find(questions, (q) => hint(q) === 'given-name', 'given-name question').key,
    lastName: find(questions, (q) => hint(q) === 'family-name', 'family-name question').key,
    hsCeeb: school.kind === 'autocomplete' && school.category !== 'address' ? school.fills.ceeb! : '',
    hsName: school.key,
    entryTerm: find(questions, (q) => offersList(q, 'entryTerms'), 'entry-term question').key,
    hsState: fillOf(school, 'state'),
    major: find(questions, (q) => offersList(q, 'majors'), 'majors question').key,
    addressState,
    residency: residencyOf(fields, addressState),
  };
  cache.set(definition, keys);
  return keys;
}
