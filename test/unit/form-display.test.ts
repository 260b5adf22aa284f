import { describe, expect, test } from '@jest/globals';
import { displayValue } from '../../form/display.js';
import { fieldByKey } from '../../form/fields.js';
import type { Answers, Question } from '../../form/types.js';
import { admissionFallYear, admissionTerms } from '../../form/admission-cycle.js';

/** The first deferral term of the cycle open today (ADMISSION_CYCLE's default), e.g. Spring 2028 on 2026-11-25. */
const deferTerm = admissionTerms(admissionFallYear()).defer[0]!;

const q = (key: string): Question => {
  const field = fieldByKey(key);
  if (!field) throw new Error(`no question ${key}`);
  return field.question;
};

describe('displayValue: the read-only text of §2 service view', () => {
  test.each<[string, string, Answers, string]>([
    ['text as typed', 'first_name', { first_name: 'Ada' }, 'Ada'],
    ['empty text', 'first_name', { first_name: '' }, ''],
    ['missing answer', 'first_name', {}, ''],
    ['a choice through its _desc', 'gender', { gender: 'F', gender_desc: 'Female' }, 'Female'],
    ['a choice without _desc through its options', 'state', { state: 'UT' }, 'Utah'],
    ['yes/no', 'armed_forces', { armed_forces: 'N' }, 'No'],
    ['a country', 'country', { country: 'US' }, 'United States'],
    ['a month', 'grad_month', { grad_month: '3' }, 'March'],
    ['a dependent select', 'defer_term', { defer_reason: '1', defer_term: deferTerm.value }, deferTerm.label],
    ['a value not in the list is shown as stored', 'gender', { gender: 'X' }, 'X'],
    ['a ticked box', 'race_asian', { race_asian: true }, 'Yes'],
    ['an unticked box', 'race_asian', { race_asian: false }, 'No'],
    ['an unanswered box', 'race_asian', { race_asian: '' }, ''],
    ['a date', 'birth_date', { birth_date: '2008-03-04' }, 'March 4, 2008'],
    ['a malformed date as stored', 'birth_date', { birth_date: '03/04/2008' }, '03/04/2008'],
    ['a school with a code', 'hs_name', { hs_name: 'Alta High School', hs_ceeb: '450030' }, 'Alta High School (Ceeb: 450030)'],
    ['a school without a code', 'hs_2_name', { hs_2_name: 'Home School', hs_2_ceeb: '' }, 'Home School'],
    ['an address line from the address lookup', 'address_line_1', { address_line_1: '12 Main St' }, '12 Main St'],
  ])('%s', (_name, key, answers, expected) => {
    expect(displayValue(q(key), answers)).toBe(expected);
  });

  test('a document reads "Document attached for {key}"', () => {
    expect(displayValue({ kind: 'file', key: 'transcript', label: 'Transcript' }, { transcript: 'ANSWERED' })).toBe(
      'Document attached for transcript',
    );
    expect(displayValue({ kind: 'file', key: 'transcript', label: 'Transcript' }, { transcript: '' })).toBe('');
  });
});
