import { describe, expect, test } from '@jest/globals';
import { clearInvalidDates } from '../../form/answers.js';
import { fieldsOf } from '../../form/fields.js';
import { MESSAGES, PHONE_MESSAGES, parentMessages } from '../../form/messages.js';
import { validate } from '../../form/validate.js';
import type { Answers, FormDefinition, Question } from '../../form/types.js';
import { NOW, VALID } from './validation-cases.js';
import { FIRST_DEFER_TERM } from '../fixtures/complete-answers.js';

function messagesOf(answers: Answers, key: string, definition?: FormDefinition): string[] {
  return validate(answers, 'all', { now: NOW, ...(definition ? { definition } : {}) }).find((entry) => entry.key === key)?.messages ?? [];
}

test('the valid application has no messages at all', () => {
  expect(validate(VALID, 'all', { now: NOW })).toEqual([]);
});

describe('§5 required fields name their label', () => {
  test.each([
    ['address_line_1', '"Address" is required.'],
    ['city', '"City" is required.'],
    ['country', '"Country" is required.'],
    ['first_name', '"First Name" is required.'],
    ['last_name', '"Last Name" is required.'],
    ['gender', '"Legal Sex at Birth" is required.'],
    ['birth_date', '"Date of Birth" is required.'],
    ['hs_name', '"Search for Your School" is required.'],
    ['entry_term', '"When do you plan to enroll?" is required.'],
    ['applied_major', '"What are you interested in studying?" is required.'],
    [
      'counselor_waiver_request',
      '"Do you give the university permission to request and access your high school transcripts?" is required.',
    ],
    ['parent_communication_preference', '"To whom should we send information?" is required.'],
  ])('%s empty → %j; given → no message', (key, message) => {
    expect(messagesOf({ ...VALID, [key]: '' }, key)).toEqual([message]);
    expect(messagesOf({ ...VALID }, key)).toEqual([]);
    const { [key]: _removed, ...missing } = VALID;
    expect(messagesOf(missing, key)).toEqual([message]);
  });

  test.each([[false], ['']])('legal_agree %j → it must be true', (value) => {
    expect(messagesOf({ ...VALID, legal_agree: value }, 'legal_agree')).toEqual([MESSAGES.legalAgree]);
    expect(messagesOf({ ...VALID, legal_agree: true }, 'legal_agree')).toEqual([]);
  });
});

type Case = [string, Answers, string, string[]];

/** Titles read "<case> → <key> <messages>"; the answers patch goes last so the title leaves it out. */
const rows = (cases: readonly Case[]) => cases.map(([name, patch, key, expected]) => [name, key, expected, patch] as const);

const conditional: Case[] = [
  // State required when country is US or CA.
  ['US without state', { state: '' }, 'state', ['"State/Province" is required.']],
  ['CA without state', { country: 'CA', state: '', zip: 'K1A 0B1' }, 'state', ['"State/Province" is required.']],
  ['MX without state', { country: 'MX', state: '', zip: '' }, 'state', []],
  ['CA with a province', { country: 'CA', state: 'ON', zip: 'K1A 0B1' }, 'state', []],
  // ZIP required when country is US, at least 5 characters.
  ['US without ZIP', { zip: '' }, 'zip', ['"ZIP/Postal Code" is required.']],
  ['US with a 4-character ZIP', { zip: '8370' }, 'zip', ['ZIP/Postal Code must be at least 5 characters.']],
  ['US with ZIP+4', { zip: '83702-1234' }, 'zip', []],
  ['CA without postal code', { country: 'CA', state: 'ON', zip: '' }, 'zip', []],
  ['CA with a short postal code', { country: 'CA', state: 'ON', zip: 'K1A' }, 'zip', []],
  [
    'a parent in the US without ZIP',
    { parent_addr_same_as_stu_perm: 'N', parent_country: 'US', parent_state: 'UT', parent_zip: '' },
    'parent_zip',
    ['"ZIP/Postal Code" is required.'],
  ],
  [
    'a parent with a short US ZIP',
    { parent_addr_same_as_stu_perm: 'N', parent_country: 'US', parent_state: 'UT', parent_zip: '841' },
    'parent_zip',
    ['ZIP/Postal Code must be at least 5 characters.'],
  ],
  // Residency and driver license for the special states; free lunch for Utah.
  [
    'Utah without residency',
    { state: 'UT' },
    'state_legal_residency',
    ['"Have you been a legal resident of your state or territory for the past 12 months?" is required.'],
  ],
  [
    'Utah without driver license',
    { state: 'UT' },
    'state_driver_license',
    ['"Do you hold a driver license or ID card issued by your state or territory?" is required.'],
  ],
  ['Utah without free lunch', { state: 'UT' }, 'free_lunch', ['"Do you receive a free or reduced lunch?" is required.']],
  ['Utah answered', { state: 'UT', state_legal_residency: 'Y', state_driver_license: 'N', free_lunch: 'N' }, 'free_lunch', []],
  [
    'Guam without residency',
    { state: 'GU' },
    'state_legal_residency',
    ['"Have you been a legal resident of your state or territory for the past 12 months?" is required.'],
  ],
  ['Guam never asks free lunch', { state: 'GU' }, 'free_lunch', []],
  ['Idaho never asks residency', { state: 'ID' }, 'state_legal_residency', []],
  // Military.
  [
    'armed_forces Y without branch',
    { armed_forces: 'Y' },
    'branch_served',
    ['"In which branch of the military did you or your family member serve?" is required.'],
  ],
  [
    'armed_forces Y without spouse_forces',
    { armed_forces: 'Y' },
    'spouse_forces',
    ['"Are you a spouse or a child of a veteran or current military member?" is required.'],
  ],
  ['armed_forces N', { armed_forces: 'N' }, 'branch_served', []],
  ['armed_forces Y answered', { armed_forces: 'Y', branch_served: 'NAVY', spouse_forces: 'N' }, 'spouse_forces', []],
  [
    'spouse_forces Y without relation',
    { armed_forces: 'Y', branch_served: 'NAVY', spouse_forces: 'Y' },
    'veteran_relation',
    ['"Relationship to military veteran?" is required.'],
  ],
  [
    'spouse_forces Y with relation',
    { armed_forces: 'Y', branch_served: 'NAVY', spouse_forces: 'Y', veteran_relation: 'CHILD' },
    'veteran_relation',
    [],
  ],
  ['spouse_forces N', { armed_forces: 'Y', branch_served: 'NAVY', spouse_forces: 'N' }, 'veteran_relation', []],
];

describe('§5 conditional requirements', () => {
  test.each(rows(conditional))('%s → %s %j', (_name, key, expected, patch) => {
    expect(messagesOf({ ...VALID, ...patch }, key)).toEqual(expected);
  });
});

const phones: Case[] = [
  ['home (xxx) xxx-xxxx', { phone_home: '(801) 555-1234' }, 'phone_home', []],
  ['home xxx-xxx-xxxx', { phone_home: '801-555-1234' }, 'phone_home', []],
  ['home without hyphen (validHome)', { phone_home: '8015551234' }, 'phone_home', [PHONE_MESSAGES.validHome]],
  ['home too short (validHome)', { phone_home: '(801) 555-123' }, 'phone_home', [PHONE_MESSAGES.validHome]],
  ['mobile valid', { phone_mobile: '(801) 555-9876' }, 'phone_mobile', []],
  ['mobile letters (validMobile)', { phone_mobile: '(801) CALL-NOW' }, 'phone_mobile', [PHONE_MESSAGES.validMobile]],
  ['text updates without a cell phone (optIn)', { optin_sms_ind: true }, 'phone_mobile', [PHONE_MESSAGES.optIn]],
  ['text updates with a cell phone', { optin_sms_ind: true, phone_mobile: '(801) 555-9876' }, 'phone_mobile', []],
  ['no text updates, no cell phone', { optin_sms_ind: false }, 'phone_mobile', []],
  ['neither phone (oneRequired)', { phone_home: '', phone_mobile: '' }, 'phone_home', [PHONE_MESSAGES.oneRequired]],
  ['only a cell phone', { phone_home: '', phone_mobile: '(801) 555-9876' }, 'phone_home', []],
];

describe('§5 phones (validHome, validMobile, optIn, oneRequired)', () => {
  test.each(rows(phones))('%s → %s %j', (_name, key, expected, patch) => {
    expect(messagesOf({ ...VALID, ...patch }, key)).toEqual(expected);
  });

  test('the message keys carry the §5 texts', () => {
    expect(PHONE_MESSAGES).toEqual({
      validHome: 'Please enter a valid home phone number.',
      validMobile: 'Please enter a valid cell phone number.',
      optIn: 'A cell phone number is required to receive text message updates.',
      oneRequired: 'Please enter either a home phone or cell phone number.',
      validInternational: 'Please enter a valid international phone number, with its country code.',
    });
  });

  test('international variant (an address outside the U.S.): an international number alone is enough; nothing at all is not', () => {
    const abroad = { ...VALID, country: 'GB', country_desc: 'United Kingdom', state: '', state_desc: '', zip: '' };
    expect(messagesOf({ ...abroad, phone_home: '', phone_international: '+44 20 7946 0958' }, 'phone_home')).toEqual([]);
    expect(messagesOf({ ...abroad, phone_home: '', phone_international: '+44 20 7946 0958' }, 'phone_international')).toEqual([]);
    expect(messagesOf({ ...abroad, phone_home: '', phone_international: '' }, 'phone_home')).toEqual([PHONE_MESSAGES.oneRequired]);
    expect(messagesOf({ ...abroad, phone_international: 'call me' }, 'phone_international')).toEqual([PHONE_MESSAGES.validInternational]);
    // A U.S. address has no such question: its answer is cleared, and the home or cell phone is still needed.
    expect(messagesOf({ ...VALID, phone_home: '', phone_international: '+44 20 7946 0958' }, 'phone_home')).toEqual([
      PHONE_MESSAGES.oneRequired,
    ]);
  });
});

const birthDates: Case[] = [
  ['empty', { birth_date: '' }, 'birth_date', ['"Date of Birth" is required.']],
  ['not a date', { birth_date: 'March 4' }, 'birth_date', ['A valid date of birth is required.']],
  ['an impossible day', { birth_date: '2008-02-30' }, 'birth_date', ['A valid date of birth is required.']],
  ['exactly 13 years ago', { birth_date: '2013-11-22' }, 'birth_date', []],
  ['one day short of 13', { birth_date: '2013-11-23' }, 'birth_date', ['You must be 13 years or older to apply.']],
  ['12 years ago', { birth_date: '2014-11-22' }, 'birth_date', ['You must be 13 years or older to apply.']],
  ['in the future', { birth_date: '2030-01-01' }, 'birth_date', ['You must be 13 years or older to apply.']],
  ['exactly 100 years ago', { birth_date: '1926-11-22' }, 'birth_date', []],
  [
    'more than 100 years ago',
    { birth_date: '1926-11-21' },
    'birth_date',
    ['This date is not supported. Please contact help support for assistance.'],
  ],
];

describe('§5 birth_date', () => {
  test.each(rows(birthDates))('%s → %s %j', (_name, key, expected, patch) => {
    expect(messagesOf({ ...VALID, ...patch }, key)).toEqual(expected);
  });

  test('an invalid date is cleared by clearInvalidDates; valid and empty ones are kept', () => {
    expect(clearInvalidDates({ birth_date: '2008-02-30', first_name: 'Ada' })).toEqual({ birth_date: '', first_name: 'Ada' });
    expect(clearInvalidDates({ birth_date: '2008-02-29' })).toEqual({ birth_date: '2008-02-29' });
    expect(clearInvalidDates({ birth_date: '' })).toEqual({ birth_date: '' });
    expect(clearInvalidDates({})).toEqual({});
  });
});

const p1 = parentMessages(1);
const p2 = parentMessages(2);
const parents: Case[] = [
  ['parent 1 e-mail missing', { parent_email_address: '' }, 'parent_email_address', [p1.email]],
  ['parent 1 e-mail malformed', { parent_email_address: 'parent@' }, 'parent_email_address', [p1.email]],
  ['parent 1 e-mail valid', { parent_email_address: 'p@example.org' }, 'parent_email_address', []],
  ['parent 1 phone missing', { parent_phone: '' }, 'parent_phone', [p1.phone]],
  ['parent 1 area code starting with 1', { parent_phone: '(108) 555-2345' }, 'parent_phone', [p1.phone]],
  ['parent 1 exchange code starting with 0', { parent_phone: '(208) 055-2345' }, 'parent_phone', [p1.phone]],
  ['parent 1 phone valid', { parent_phone: '208-555-2345' }, 'parent_phone', []],
  ['no preference: parent 1 is not asked', { parent_communication_preference: '', parent_email_address: 'x' }, 'parent_email_address', []],
  [
    'preference 2: parent 2 e-mail may be empty',
    { parent_communication_preference: '2', parent_2_email_address: '' },
    'parent_2_email_address',
    [],
  ],
  [
    'preference 2: parent 2 e-mail malformed',
    { parent_communication_preference: '2', parent_2_email_address: 'x@' },
    'parent_2_email_address',
    [p2.email],
  ],
  ['preference 2: parent 2 phone may be empty', { parent_communication_preference: '2', parent_2_phone: '' }, 'parent_2_phone', []],
  [
    'preference 2: parent 2 phone with exchange 1',
    { parent_communication_preference: '2', parent_2_phone: '(208) 155-2345' },
    'parent_2_phone',
    [p2.phone],
  ],
  ['preference 2: parent 2 phone valid', { parent_communication_preference: '2', parent_2_phone: '(208) 555-2345' }, 'parent_2_phone', []],
  [
    'preference 1: parent 2 is never validated',
    { parent_communication_preference: '1', parent_2_email_address: 'x@', parent_2_phone: '1' },
    'parent_2_email_address',
    [],
  ],
  ['counselor e-mail empty', { counselor_email_address: '' }, 'counselor_email_address', []],
  [
    'counselor e-mail malformed',
    { counselor_email_address: 'counselor@school' },
    'counselor_email_address',
    ['The counselor email address you entered is invalid.'],
  ],
  ['counselor e-mail valid', { counselor_email_address: 'counselor@school.org' }, 'counselor_email_address', []],
];

describe('§5 parents and counselor', () => {
  test.each(rows(parents))('%s → %s %j', (_name, key, expected, patch) => {
    expect(messagesOf({ ...VALID, ...patch }, key)).toEqual(expected);
  });

  test('the parent texts are the §5 ones', () => {
    expect([p1.email, p1.phone, p2.email, p2.phone]).toEqual([
      'Parent 1/Guardian 1: Please enter a valid email address.',
      'Parent 1/Guardian 1: Please enter a valid phone number.',
      'Parent 2/Guardian 2: Please enter a valid email address.',
      'Parent 2/Guardian 2: Please enter a valid phone number.',
    ]);
  });
});

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
