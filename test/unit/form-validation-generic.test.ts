/** Generic library messages, hidden questions and the shape of the validator's result. */
import { describe, expect, test } from '@jest/globals';
import { fieldsOf } from '../../form/fields.js';
import { MESSAGES } from '../../form/messages.js';
import { validate } from '../../form/validate.js';
import type { Answers, FormDefinition, Question } from '../../form/types.js';
import { NOW, VALID } from './validation-form-base.js';
import { FIRST_DEFER_TERM } from '../fixtures/complete-answers.js';

function messagesOf(answers: Answers, key: string, definition?: FormDefinition): string[] {
  return validate(answers, 'all', { now: NOW, ...(definition ? { definition } : {}) }).find((entry) => entry.key === key)?.messages ?? [];
}

type Case = [string, Answers, string, string[]];

/** Titles read "<case> → <key> <messages>"; the answers patch goes last so the title leaves it out. */
const rows = (cases: readonly Case[]) => cases.map(([name, patch, key, expected]) => [name, key, expected, patch] as const);

const generic: Case[] = [
  ['text longer than 45', { first_name: 'A'.repeat(46) }, 'first_name', ['"First Name" must be at most 45 characters.']],
  ['text of exactly 45', { first_name: 'A'.repeat(45) }, 'first_name', []],
  ['textarea configured at 7000 (§9), 7000 characters', { college_pay: 'x'.repeat(7000) }, 'college_pay', []],
  [
    'textarea configured at 7000 (§9), 7001 characters',
    { college_pay: 'x'.repeat(7001) },
    'college_pay',
    ['"How do you plan to pay for your education?" must be at most 7000 characters.'],
  ],
  ['textarea of 1500', { college_pay: 'x'.repeat(1500) }, 'college_pay', []],
  ['a value not in the list', { gender: 'X' }, 'gender', ['"Legal Sex at Birth" must be one of the listed options.']],
  ['a country code not in the list', { country: 'XX' }, 'country', ['"Country" must be one of the listed options.']],
  ['a number where text belongs', { first_name: 42 as unknown as string }, 'first_name', ['"First Name" must be text.']],
  [
    'text where a box belongs',
    { optin_sms_ind: 'yes' },
    'optin_sms_ind',
    ['"Send me text message updates about my application." must be true or false.'],
  ],
  [
    'a defer term the reason does not offer',
    { defer_plan: 'Y', defer_reason: '2', defer_term: 'SU2029' },
    'defer_term',
    ['"In which term do you plan to begin?" must be one of the listed options.'],
  ],
  ['a defer term the reason offers', { defer_plan: 'Y', defer_reason: '2', defer_term: FIRST_DEFER_TERM.value }, 'defer_term', []],
  ['a hidden question is never validated', { state: 'ID', free_lunch: 'maybe' }, 'free_lunch', []],
  ['a hidden branch is never validated', { defer_plan: 'N', defer_reason: 'nonsense' }, 'defer_reason', []],
];

describe('generic library messages and hidden questions', () => {
  test.each(rows(generic))('%s → %s %j', (_name, key, expected, patch) => {
    expect(messagesOf({ ...VALID, ...patch }, key)).toEqual(expected);
  });
});

describe('result shape', () => {
  const tiny = (question: Question): FormDefinition => ({
    pages: [{ id: 'about', path: '/about', title: 'T', navLabel: 'N', shortNavLabel: 'S', children: [question] }],
  });

  test('all messages of one field are collected, duplicates removed', () => {
    const definition = tiny({
      kind: 'text',
      key: 'code',
      label: 'Code',
      checks: [
        { check: 'minLength', min: 4, message: 'Too short.' },
        { check: 'pattern', pattern: /^\d+$/, message: 'Digits only.' },
        { check: 'pattern', pattern: /^[0-9]+$/, message: 'Digits only.' },
      ],
    });
    expect(validate({ code: 'ab' }, 'all', { definition })).toEqual([
      { key: 'code', page: 'about', messages: ['Too short.', 'Digits only.'] },
    ]);
    expect(validate({ code: '1234' }, 'all', { definition })).toEqual([]);
  });

  test('entries come in definition order with their page, and a page validates only its own questions', () => {
    const answers: Answers = { ...VALID, first_name: '', hs_name: '', legal_agree: false, last_name: '' };
    expect(validate(answers, 'all', { now: NOW })).toEqual([
      { key: 'first_name', page: 'about', messages: ['"First Name" is required.'] },
      { key: 'last_name', page: 'about', messages: ['"Last Name" is required.'] },
      { key: 'hs_name', page: 'education', messages: ['"Search for Your School" is required.'] },
      { key: 'legal_agree', page: 'final-steps', messages: [MESSAGES.legalAgree] },
    ]);
    expect(validate(answers, 'education', { now: NOW })).toEqual([
      { key: 'hs_name', page: 'education', messages: ['"Search for Your School" is required.'] },
    ]);
  });

  test('only the first school is required; added schools are optional', () => {
    expect(messagesOf({ ...VALID, hs_2_name: '' }, 'hs_2_name')).toEqual([]);
  });

  test('messages with braces stay literal', () => {
    const definition = tiny({
      kind: 'text',
      key: 'x',
      label: 'X {label}',
      checks: [{ check: 'minLength', min: 3, message: 'Use {3} or {{more}}.' }],
    });
    expect(validate({ x: 'a' }, 'all', { definition })[0]?.messages).toEqual(['Use {3} or {{more}}.']);
    expect(
      validate({ x: '' }, 'all', { definition: tiny({ kind: 'text', key: 'x', label: 'X {label}', required: true }) })[0]?.messages,
    ).toEqual(['"X {label}" is required.']);
  });

  test('a page looks only at its own questions, whatever the other answers are', () => {
    const answers: Answers = { ...VALID, first_name: '', counselor_waiver_request: '' };
    for (const page of ['about', 'education', 'final-steps'] as const) {
      const keys = new Set(fieldsOf(page).map((f) => f.question.key));
      const entries = validate(answers, page, { now: NOW });
      expect(entries.every((entry) => keys.has(entry.key) && entry.page === page)).toBe(true);
    }
    expect(validate(answers, 'final-steps', { now: NOW })).toEqual([
      {
        key: 'counselor_waiver_request',
        page: 'final-steps',
        messages: ['"Do you give the university permission to request and access your high school transcripts?" is required.'],
      },
    ]);
  });
});
