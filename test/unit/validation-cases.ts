/**
 * THE table of validation cases: test/unit/validation.test.ts runs each through the one validator the API
 * and the browser share (form/validate.ts, contracts/auth-check.ts; ADR 0250), which must give `expected`.
 * Messages are built from the definition's labels and form/messages.ts, never retyped.
 */
import { AUTH_MESSAGES, type AuthForm, type FieldErrors } from '../../contracts/auth-check.js';
import { PASSWORD_RULES } from '../../contracts/password-rules.js';
import { fieldByKey } from '../../form/fields.js';
import { FIRST_DEFER_TERM, OPEN_ENTRY_TERM } from '../fixtures/complete-answers.js';
import {
  FORMAT_MESSAGES,
  MESSAGES,
  maxLengthMessage,
  notAnOptionMessage,
  parentMessages,
  PHONE_MESSAGES,
  requiredMessage,
  typeMessage,
} from '../../form/messages.js';
import type { Answers, FormDefinition, PageId, UiState, ValidationEntry } from '../../form/types.js';

/** A fixed "today" for the age rules of §5 and the year lists: 22 November 2026, noon. */
export const NOW = new Date(2026, 10, 22, 12, 0, 0);

/** A complete, valid application (no message on any page): each case changes a few things. */
export const VALID: Answers = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  birth_date: '2008-03-04',
  gender: 'F',
  phone_home: '(801) 555-1234',
  address_line_1: '12 Main St',
  city: 'Boise',
  state: 'ID',
  zip: '83702',
  country: 'US',
  parent_communication_preference: '1',
  parent_email_address: 'parent@example.com',
  parent_phone: '(208) 555-2345',
  entry_term: OPEN_ENTRY_TERM.value,
  applied_major: 'CS-BS',
  hs_name: 'Alta High School',
  counselor_waiver_request: 'Y',
  legal_agree: true,
};

export interface FormCase {
  name: string;
  /** Answers as they may arrive (JSON can hold numbers, objects, arrays, null). */
  answers: Record<string, unknown>;
  page: PageId | 'all';
  ui?: UiState;
  definition?: FormDefinition;
  expected: ValidationEntry[];
}

function labelOf(key: string, definition?: FormDefinition): string {
  const field = fieldByKey(key, definition);
  if (!field) throw new Error(`No question ${key}`);
  return field.question.label;
}

const pageOf = (key: string, definition?: FormDefinition): PageId => fieldByKey(key, definition)!.page;
/** One expected entry. */
const entry = (key: string, ...messages: string[]): ValidationEntry => ({ key, page: pageOf(key), messages });
const required = (key: string) => requiredMessage(labelOf(key));
const notAnOption = (key: string) => notAnOptionMessage(labelOf(key));
const notText = (key: string) => typeMessage(labelOf(key), 'text');
const notBoolean = (key: string) => typeMessage(labelOf(key), 'true or false');
const tooLong = (key: string, limit: number) => maxLengthMessage(labelOf(key), limit);

const p1 = parentMessages(1);
const p2 = parentMessages(2);

/** The valid answers with a patch, validated on `page`. */
function on(
  page: PageId | 'all',
  name: string,
  patch: Record<string, unknown>,
  expected: ValidationEntry[],
  extra: Partial<FormCase> = {},
): FormCase {
  return { name, answers: { ...VALID, ...patch }, page, expected, ...extra };
}

/** A one-page definition holding the kinds and checks the real form does not use (ssn, checks with `when` in any order…). */
export const SYNTHETIC: FormDefinition = {
  pages: [
    {
      id: 'about',
      path: '/about',
      title: 'About',
      navLabel: 'About',
      shortNavLabel: 'About',
      children: [
        { kind: 'ssn', key: 'ssn', label: 'SSN' },
        {
          kind: 'ssn',
          key: 'ssn_own',
          label: 'SSN 2',
          invalidMessage: 'Own SSN message.',
          required: true,
          requiredMessage: 'Own required message.',
        },
        { kind: 'textarea', key: 'essay', label: 'Essay' },
        {
          kind: 'radio',
          key: 'mode',
          label: 'Mode',
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        },
        {
          kind: 'text',
          key: 'code',
          label: 'Code {label}',
          maxLength: 8,
          checks: [
            {
              check: 'pattern',
              pattern: /^[A-Z]+$/,
              message: 'Capitals only when mode is a.',
              when: { valueKey: 'mode', operator: 'equals', target: 'a' },
            },
            { check: 'minLength', min: 4, message: 'At least {4}.' },
            { check: 'pattern', pattern: /^\D+$/, message: 'No digits.' },
            { check: 'pattern', pattern: /^[^0-9]+$/, message: 'No digits.' },
            {
              check: 'minLength',
              min: 6,
              message: 'At least 6 when mode is b.',
              when: { valueKey: 'mode', operator: 'equals', target: 'b' },
            },
          ],
        },
        { kind: 'date', key: 'start', label: 'Start', checks: [{ check: 'minAge', years: 1, message: 'At least a year ago.' }] },
        { kind: 'checkbox', key: 'agree', label: 'Agree', required: { valueKey: 'mode', operator: 'answered' } },
        { kind: 'file', key: 'doc', label: 'Doc', required: true },
        { kind: 'select', key: 'year', label: 'Year', options: { years: { count: 3, direction: 'future' } } },
        // Its controller is asked on another page: validating this page alone, the list is open.
        { kind: 'dependentSelect', key: 'sub', label: 'Sub', controller: 'top', optionsByValue: { x: [{ value: 'x1', label: 'X1' }] } },
      ],
    },
    {
      id: 'education',
      path: '/education',
      title: 'Education',
      navLabel: 'Education',
      shortNavLabel: 'Education',
      children: [
        {
          kind: 'select',
          key: 'top',
          label: 'Top',
          options: [
            { value: 'x', label: 'X' },
            { value: 'y', label: 'Y' },
          ],
        },
      ],
    },
  ],
};

function synthetic(name: string, answers: Record<string, unknown>, page: PageId | 'all', expected: Array<[string, ...string[]]>): FormCase {
  return {
    name,
    answers,
    page,
    definition: SYNTHETIC,
    expected: expected.map(([key, ...messages]) => ({ key, page: pageOf(key, SYNTHETIC), messages })),
  };
}

const sLabel = (key: string) => labelOf(key, SYNTHETIC);
const SYNTHETIC_BASE = { ssn_own: '123-45-6789', doc: 'ANSWERED' };

export const FORM_CASES: FormCase[] = [
  // The valid application, per page and whole.
  on('all', 'the valid application', {}, []),
  on('about', 'the valid application, about page', {}, []),
  on('education', 'the valid application, education page', {}, []),
  on('final-steps', 'the valid application, final steps', {}, []),
  {
    name: 'nothing answered at all',
    answers: {},
    page: 'all',
    expected: [
      entry('first_name', required('first_name')),
      entry('last_name', required('last_name')),
      entry('birth_date', required('birth_date')),
      entry('gender', required('gender')),
      entry('phone_home', PHONE_MESSAGES.oneRequired),
      entry('address_line_1', required('address_line_1')),
      entry('city', required('city')),
      entry('country', required('country')),
      entry('parent_communication_preference', required('parent_communication_preference')),
      entry('entry_term', required('entry_term')),
      entry('applied_major', required('applied_major')),
      entry('hs_name', required('hs_name')),
      entry('counselor_waiver_request', required('counselor_waiver_request')),
      entry('legal_agree', MESSAGES.legalAgree),
    ],
  },
  {
    name: 'nothing answered, final steps only',
    answers: {},
    page: 'final-steps',
    expected: [entry('counselor_waiver_request', required('counselor_waiver_request')), entry('legal_agree', MESSAGES.legalAgree)],
  },
  {
    name: 'null answers count as empty',
    answers: { ...VALID, first_name: null, middle_name: null },
    page: 'about',
    expected: [entry('first_name', required('first_name'))],
  },

  // Text: required, maxLength, wrong types.
  on('about', 'text of exactly 45', { first_name: 'A'.repeat(45) }, []),
  on('about', 'text of 46', { first_name: 'A'.repeat(46) }, [entry('first_name', tooLong('first_name', 45))]),
  on('about', 'oversize text (100,000 characters)', { middle_name: 'x'.repeat(100_000) }, [
    entry('middle_name', tooLong('middle_name', 45)),
  ]),
  on('about', 'astral characters count as two (UTF-16 code units, as maxlength counts)', { first_name: '😀'.repeat(23) }, [
    entry('first_name', tooLong('first_name', 45)),
  ]),
  on('about', 'whitespace is an answer', { first_name: '   ' }, []),
  on('about', 'false in a text question counts as empty', { first_name: false }, [entry('first_name', required('first_name'))]),
  on('about', 'false in an optional text question passes', { middle_name: false }, []),
  on('about', 'a number where text belongs', { first_name: 42 }, [entry('first_name', notText('first_name'))]),
  on('about', 'zero where text belongs', { middle_name: 0 }, [entry('middle_name', notText('middle_name'))]),
  on('about', 'an object where text belongs', { last_name: { a: 1 } }, [entry('last_name', notText('last_name'))]),
  on('about', 'an array where text belongs', { last_name: ['Lovelace'] }, [entry('last_name', notText('last_name'))]),
  on('about', 'true where text belongs', { last_name: true }, [entry('last_name', notText('last_name'))]),
  on('about', 'a number in an autocomplete', { address_line_1: 12 }, [entry('address_line_1', notText('address_line_1'))]),
  on('about', 'autocomplete longer than its limit', { address_line_1: 'x'.repeat(46) }, [
    entry('address_line_1', tooLong('address_line_1', 45)),
  ]),
  on('education', 'school name longer than its limit', { hs_name: 'x'.repeat(101) }, [entry('hs_name', tooLong('hs_name', 100))]),
  on('education', 'textarea configured at 7000, 7000 characters', { college_pay: 'x'.repeat(7000) }, []),
  on('education', 'textarea configured at 7000, 7001 characters', { college_pay: 'x'.repeat(7001) }, [
    entry('college_pay', tooLong('college_pay', 7000)),
  ]),
  on('education', 'a number in a textarea', { college_pay: 5 }, [entry('college_pay', notText('college_pay'))]),

  // Dates and ages (fixed NOW: 2026-11-22).
  on('about', 'date: not a date', { birth_date: 'March 4' }, [entry('birth_date', MESSAGES.birthDateInvalid)]),
  on('about', 'date: 30 February', { birth_date: '2008-02-30' }, [entry('birth_date', MESSAGES.birthDateInvalid)]),
  on('about', 'date: 29 February of a non-leap year', { birth_date: '2009-02-29' }, [entry('birth_date', MESSAGES.birthDateInvalid)]),
  on('about', 'date: 29 February of a leap year', { birth_date: '2008-02-29' }, []),
  on('about', 'date: month 13', { birth_date: '2008-13-01' }, [entry('birth_date', MESSAGES.birthDateInvalid)]),
  on('about', 'date: day 00', { birth_date: '2008-01-00' }, [entry('birth_date', MESSAGES.birthDateInvalid)]),
  on('about', 'date: year 0000', { birth_date: '0000-01-01' }, [entry('birth_date', MESSAGES.birthDateInvalid)]),
  on('about', 'date: US order', { birth_date: '03/04/2008' }, [entry('birth_date', MESSAGES.birthDateInvalid)]),
  on('about', 'date: with a time', { birth_date: '2008-03-04T00:00:00Z' }, [entry('birth_date', MESSAGES.birthDateInvalid)]),
  on('about', 'date: a number', { birth_date: 20080304 }, [entry('birth_date', notText('birth_date'))]),
  on('about', 'exactly 13 years ago', { birth_date: '2013-11-22' }, []),
  on('about', 'one day short of 13', { birth_date: '2013-11-23' }, [entry('birth_date', MESSAGES.birthDateTooYoung)]),
  on('about', 'in the future', { birth_date: '2030-01-01' }, [entry('birth_date', MESSAGES.birthDateTooYoung)]),
  on('about', 'exactly 100 years ago', { birth_date: '1926-11-22' }, []),
  on('about', 'a day more than 100 years ago', { birth_date: '1926-11-21' }, [entry('birth_date', MESSAGES.birthDateTooOld)]),
  on('about', 'the year 1000 (a real date, far too old)', { birth_date: '1000-06-15' }, [entry('birth_date', MESSAGES.birthDateTooOld)]),

  // Choices.
  on('about', 'a radio value not in the list', { gender: 'X' }, [entry('gender', notAnOption('gender'))]),
  on('about', 'a radio label instead of its value', { gender: 'Female' }, [entry('gender', notAnOption('gender'))]),
  on('about', 'a radio value in the wrong case', { gender: 'f' }, [entry('gender', notAnOption('gender'))]),
  on('about', 'a number in a radio', { gender: 1 }, [entry('gender', notAnOption('gender'), notText('gender'))]),
  on('about', 'an array holding a valid value', { gender: ['F'] }, [entry('gender', notAnOption('gender'), notText('gender'))]),
  on('about', 'a country code not in the list', { country: 'XX' }, [entry('country', notAnOption('country'))]),
  on('about', 'a select given an object', { country: { US: true } }, [entry('country', notAnOption('country'), notText('country'))]),
  on('about', 'another country (state and ZIP optional)', { country: 'MX', state: '', zip: '' }, []),
  on('about', 'a valid optional select', { citizenship_type: '2', citizenship: 'MX' }, []),
  on('about', 'the US is not in countriesWithoutUS', { citizenship_type: '2', citizenship: 'US' }, [
    entry('citizenship', notAnOption('citizenship')),
  ]),
  on('education', 'year list: this year', { grad_year: '2026', grad_month: '6' }, []),
  on('education', 'year list: after its start (and after the entry term starts)', { grad_year: '2029', grad_month: '6' }, [
    entry('entry_term', MESSAGES.entryTermBeforeGraduation),
    entry('grad_year', notAnOption('grad_year')),
  ]),
  // Issue 26: the entry term must not start before the high-school graduation (same month passes).
  on(
    'education',
    'graduating the spring before the entry term',
    { grad_year: String(Number(OPEN_ENTRY_TERM.value.slice(2))), grad_month: '8' },
    [],
  ),
  on(
    'education',
    'graduating after the entry term starts',
    { grad_year: String(Number(OPEN_ENTRY_TERM.value.slice(2))), grad_month: '9' },
    [entry('entry_term', MESSAGES.entryTermBeforeGraduation)],
  ),
  on('education', 'year list: a number', { grad_year: 2026 }, [entry('grad_year', notAnOption('grad_year'), notText('grad_year'))]),
  on('education', 'month list: a value out of range', { grad_month: '13' }, [entry('grad_month', notAnOption('grad_month'))]),
  on('education', 'attend-from years start at the current year', { hs_attend_from_year: '2026' }, []),
  on('education', 'attend-from years do not include next year', { hs_attend_from_year: '2027' }, [
    entry('hs_attend_from_year', notAnOption('hs_attend_from_year')),
  ]),

  // Dependent select.
  on(
    'education',
    'dependentSelect: a term the reason offers',
    { defer_plan: 'Y', defer_reason: '2', defer_term: FIRST_DEFER_TERM.value },
    [],
  ),
  on('education', 'dependentSelect: a term the reason does not offer', { defer_plan: 'Y', defer_reason: '2', defer_term: 'SU2029' }, [
    entry('defer_term', notAnOption('defer_term')),
  ]),
  on('education', 'dependentSelect: another reason offers it', { defer_plan: 'Y', defer_reason: '1', defer_term: 'SU2029' }, []),
  on('education', 'dependentSelect: a number', { defer_plan: 'Y', defer_reason: '1', defer_term: 2027 }, [
    entry('defer_term', notAnOption('defer_term'), notText('defer_term')),
  ]),
  on('education', 'dependentSelect: hidden without a controller value', { defer_plan: 'Y', defer_reason: '', defer_term: 'nonsense' }, []),
  on(
    'education',
    'dependentSelect: a controller value without options hides it',
    { defer_plan: 'Y', defer_reason: '9', defer_term: 'nonsense' },
    [entry('defer_reason', notAnOption('defer_reason'))],
  ),
  on(
    'education',
    'dependentSelect: a numeric controller (shown, but the list is open)',
    { defer_plan: 'Y', defer_reason: 2, defer_term: 'SU2029' },
    [entry('defer_reason', notAnOption('defer_reason'), notText('defer_reason'))],
  ),
  on('education', 'dependentSelect: hidden when its branch loses', { defer_plan: 'N', defer_reason: '2', defer_term: 'SU2029' }, []),

  // Checkboxes.
  on('final-steps', 'checkbox required: false', { legal_agree: false }, [entry('legal_agree', MESSAGES.legalAgree)]),
  on('final-steps', 'checkbox required: missing', { legal_agree: undefined }, [entry('legal_agree', MESSAGES.legalAgree)]),
  on('final-steps', 'checkbox: the text "true"', { legal_agree: 'true' }, [entry('legal_agree', notBoolean('legal_agree'))]),
  on('final-steps', 'checkbox: 1', { legal_agree: 1 }, [entry('legal_agree', notBoolean('legal_agree'))]),
  on('about', 'optional checkbox: text', { optin_sms_ind: 'yes', phone_mobile: '(801) 555-9876' }, [
    entry('optin_sms_ind', notBoolean('optin_sms_ind')),
  ]),
  on('about', 'optional checkbox: true', { race_asian: true }, []),

  // Files.
  on('final-steps', 'file: ANSWERED', { additional_document: 'ANSWERED' }, []),
  on('final-steps', 'file: any other text', { additional_document: 'PENDING' }, [entry('additional_document', FORMAT_MESSAGES.file)]),
  on('final-steps', 'file: true', { additional_document: true }, [
    entry('additional_document', FORMAT_MESSAGES.file, notText('additional_document')),
  ]),
  on('education', 'file under a tab: wrong text', { transcript: 'yes' }, [entry('transcript', FORMAT_MESSAGES.file)]),
  on('education', 'file under the other tab (ui): hidden', { transcript: 'yes' }, [], {
    ui: { tabs: { 'transcript-source': 'counselor' } },
  }),

  // Conditional requirements and checks with `when`.
  on('about', 'US without state and ZIP', { state: '', zip: '' }, [entry('state', required('state')), entry('zip', required('zip'))]),
  on('about', 'CA without state', { country: 'CA', state: '', zip: 'K1A 0B1' }, [entry('state', required('state'))]),
  on('about', 'US with a 4-character ZIP (check with when)', { zip: '8370' }, [entry('zip', MESSAGES.zipMinLength)]),
  on('about', 'CA with a 3-character postal code (when does not hold)', { country: 'CA', state: 'ON', zip: 'K1A' }, []),
  on('about', 'ZIP over its limit and short is impossible; over the limit alone', { zip: '83702-12345' }, [
    entry('zip', tooLong('zip', 10)),
  ]),
  on('about', 'Utah asks residency, license and free lunch', { state: 'UT' }, [
    entry('state_legal_residency', required('state_legal_residency')),
    entry('state_driver_license', required('state_driver_license')),
    entry('free_lunch', required('free_lunch')),
  ]),
  on('about', 'armed forces Y, spouse Y, nothing else', { armed_forces: 'Y', spouse_forces: 'Y' }, [
    entry('branch_served', required('branch_served')),
    entry('veteran_relation', required('veteran_relation')),
  ]),
  on('about', 'armed forces N hides and skips the rest', { armed_forces: 'N', spouse_forces: 'maybe', branch_served: 'X' }, []),

  // Phones.
  on('about', 'home phone without hyphen', { phone_home: '8015551234' }, [entry('phone_home', PHONE_MESSAGES.validHome)]),
  on('about', 'home phone xxx-xxx-xxxx', { phone_home: '801-555-1234' }, []),
  on('about', 'text updates without a cell phone', { optin_sms_ind: true }, [entry('phone_mobile', PHONE_MESSAGES.optIn)]),
  on('about', 'cell phone letters', { phone_mobile: '(801) CALL-NOW' }, [entry('phone_mobile', PHONE_MESSAGES.validMobile)]),
  on('about', 'neither phone', { phone_home: '' }, [entry('phone_home', PHONE_MESSAGES.oneRequired)]),
  on('about', 'a phone as a number', { phone_home: 8015551234 }, [entry('phone_home', notText('phone_home'))]),
  on(
    'about',
    'international number abroad, no home phone',
    { country: 'GB', state: '', zip: '', phone_home: '', phone_international: '+44 20 7946 0958' },
    [],
  ),
  on('about', 'international number malformed', { country: 'GB', state: '', zip: '', phone_international: 'call me' }, [
    entry('phone_international', PHONE_MESSAGES.validInternational),
  ]),
  on('about', 'international number too long and malformed', { country: 'GB', state: '', zip: '', phone_international: 'x'.repeat(21) }, [
    entry('phone_international', tooLong('phone_international', 20), PHONE_MESSAGES.validInternational),
  ]),
  on('about', 'international number hidden for a US address', { phone_home: '', phone_international: '+44 20 7946 0958' }, [
    entry('phone_home', PHONE_MESSAGES.oneRequired),
  ]),
  on('about', 'parent phone with area code 1', { parent_phone: '(108) 555-2345' }, [entry('parent_phone', p1.phone)]),
  on('education', 'GPA pattern', { hs_gpa: '5.0' }, [entry('hs_gpa', 'Please enter your GPA as a number from 0 to 4, for example 3.75.')]),
  on('education', 'GPA too long and malformed', { hs_gpa: '3.755' }, [
    entry('hs_gpa', tooLong('hs_gpa', 4), 'Please enter your GPA as a number from 0 to 4, for example 3.75.'),
  ]),

  // Hidden questions, sections, repeaters.
  on('about', 'a hidden question is never validated', { state: 'ID', free_lunch: 'maybe' }, []),
  on('about', 'parent 2 hidden with preference 1', { parent_2_email_address: 'x@', parent_2_phone: 1 }, []),
  on(
    'about',
    'parent 2 shown with preference 2',
    { parent_communication_preference: '2', parent_2_email_address: 'x@', parent_2_phone: '(208) 155-2345' },
    [entry('parent_2_email_address', p2.email), entry('parent_2_phone', p2.phone)],
  ),
  on('about', 'no preference: parent 1 not asked', { parent_communication_preference: '', parent_email_address: 'x' }, [
    entry('parent_communication_preference', required('parent_communication_preference')),
  ]),
  on(
    'about',
    'a parent in the US with a short ZIP',
    { parent_addr_same_as_stu_perm: 'N', parent_country: 'US', parent_state: 'UT', parent_zip: '841' },
    [entry('parent_zip', MESSAGES.zipMinLength)],
  ),
  on('education', 'school 2 counts (instances unknown)', { hs_2_state: 'ZZ' }, [entry('hs_2_state', notAnOption('hs_2_state'))]),
  on('education', 'school 2 beyond the count is hidden', { hs_2_state: 'ZZ' }, [], { ui: { addAnother: { 'high-schools': 1 } } }),

  // E-mail in the form (more e-mail cases: EMAIL_CASES).
  on('about', 'parent e-mail malformed', { parent_email_address: 'parent@' }, [entry('parent_email_address', p1.email)]),
  on('about', 'parent e-mail over 45 characters, still an address', { parent_email_address: `${'p'.repeat(40)}@example.org` }, [
    entry('parent_email_address', tooLong('parent_email_address', 45)),
  ]),
  on('about', 'parent e-mail over 45 characters and malformed', { parent_email_address: `${'p'.repeat(50)}@` }, [
    entry('parent_email_address', tooLong('parent_email_address', 45), p1.email),
  ]),
  on('about', 'parent e-mail as an array', { parent_email_address: ['parent@example.com'] }, [
    entry('parent_email_address', notText('parent_email_address')),
  ]),
  on('education', 'counselor e-mail with a space around it', { counselor_email_address: ' counselor@school.org' }, [
    entry('counselor_email_address', MESSAGES.counselorEmail),
  ]),

  // Kinds and checks the real form does not use.
  synthetic('ssn: valid, all empty otherwise', { ...SYNTHETIC_BASE, ssn: '123-45-6789' }, 'all', []),
  synthetic('ssn: required with its own message', {}, 'about', [
    ['ssn_own', 'Own required message.'],
    ['doc', requiredMessage(sLabel('doc'))],
  ]),
  synthetic('ssn: without hyphens, own and generic message', { ...SYNTHETIC_BASE, ssn: '123456789', ssn_own: '12-345-6789' }, 'about', [
    ['ssn', FORMAT_MESSAGES.ssn],
    ['ssn_own', 'Own SSN message.'],
  ]),
  synthetic('textarea default limit 1500', { ...SYNTHETIC_BASE, essay: 'e'.repeat(1501) }, 'about', [
    ['essay', maxLengthMessage(sLabel('essay'), 1500)],
  ]),
  synthetic(
    'checks: duplicates removed, in definition order, a `when` that holds (mode a)',
    { ...SYNTHETIC_BASE, mode: 'a', code: 'ab1', agree: true },
    'about',
    [['code', 'Capitals only when mode is a.', 'At least {4}.', 'No digits.']],
  ),
  synthetic('checks: mode b', { ...SYNTHETIC_BASE, mode: 'b', code: 'ABCDE', agree: true }, 'about', [
    ['code', 'At least 6 when mode is b.'],
  ]),
  synthetic('checks: two minimum lengths both apply', { ...SYNTHETIC_BASE, mode: 'b', code: 'ab1', agree: true }, 'about', [
    ['code', 'At least {4}.', 'No digits.', 'At least 6 when mode is b.'],
  ]),
  synthetic('checks: a `when` that does not hold is skipped (no mode)', { ...SYNTHETIC_BASE, code: 'ab' }, 'about', [
    ['code', 'At least {4}.'],
  ]),
  synthetic('checks: over the limit too', { ...SYNTHETIC_BASE, mode: 'b', code: 'ab1ab1ab1', agree: true }, 'about', [
    ['code', maxLengthMessage(sLabel('code'), 8), 'No digits.'],
  ]),
  synthetic('conditional required checkbox', { ...SYNTHETIC_BASE, mode: 'a', code: 'ABCD' }, 'about', [
    ['agree', requiredMessage(sLabel('agree'))],
  ]),
  synthetic('minAge on an impossible date: only the date message', { ...SYNTHETIC_BASE, start: '2026-02-29' }, 'about', [
    ['start', FORMAT_MESSAGES.date],
  ]),
  synthetic('minAge: too recent', { ...SYNTHETIC_BASE, start: '2026-01-01' }, 'about', [['start', 'At least a year ago.']]),
  synthetic('year list going forward from now', { ...SYNTHETIC_BASE, year: '2028' }, 'about', []),
  synthetic('year list going forward: last year is not offered', { ...SYNTHETIC_BASE, year: '2025' }, 'about', [
    ['year', notAnOptionMessage(sLabel('year'))],
  ]),
  synthetic(
    'dependentSelect, controller on another page, this page only: open list',
    { ...SYNTHETIC_BASE, top: 'x', sub: 'zzz' },
    'about',
    [],
  ),
  synthetic('dependentSelect, controller on another page, all pages: checked', { ...SYNTHETIC_BASE, top: 'x', sub: 'zzz' }, 'all', [
    ['sub', notAnOptionMessage(sLabel('sub'))],
  ]),
  synthetic('dependentSelect, controller without options: hidden', { ...SYNTHETIC_BASE, top: 'y', sub: 'zzz' }, 'all', []),
  synthetic('file required: wrong type', { ...SYNTHETIC_BASE, doc: 1 }, 'about', [
    ['doc', FORMAT_MESSAGES.file, typeMessage(sLabel('doc'), 'text')],
  ]),
];

/**
 * E-mail addresses and whether joi's `string().email({ tlds: false })` (the reference form/email-address.ts
 * ports) accepts them as given. The port and both validators must agree with joi on each (the form's e-mail
 * questions take them as typed; the auth forms trim and lower-case first).
 */
export const EMAIL_CASES: ReadonlyArray<readonly [string, boolean]> = [
  ['a@b.co', true],
  ['first.last@example.org', true],
  ['A@EXAMPLE.ORG', true],
  ['a+tag@example.org', true],
  ["o'brien@example.ie", true],
  ["!#$%&'*+-/=?^_`{|}~@example.org", true],
  ['a@1.example.com', true],
  ['a@example.c0m', true],
  ['a@sub.sub.example.co.uk', true],
  ['a@b', false],
  ['a@localhost', false],
  ['a..b@example.org', false],
  ['.a@example.org', false],
  ['a.@example.org', false],
  ['a@example..org', false],
  ['a@.example.org', false],
  ['a@example.org.', false],
  ['a@-example.org', false],
  ['a@example-.org', false],
  ['a@ex_ample.org', false],
  ['a@example.123', false],
  ['a@[127.0.0.1]', false],
  ['a@127.0.0.1', false],
  ['a@[IPv6:2001:db8::1]', false],
  ['a@0x7f.1', false],
  ['"john doe"@example.org', false],
  ['"a"@example.org', false],
  ['a b@example.org', false],
  ['a@b@example.org', false],
  ['@example.org', false],
  ['a@', false],
  ['a', false],
  ['a@ex ample.org', false],
  [' a@example.org', false],
  ['a@example.org ', false],
  ['a@exa%mple.org', false],
  ['a(comment)@example.org', false],
  ['a@example.org(comment)', false],
  ['a\\b@example.org', false],
  ['a@exam\u0000ple.org', false],
  ['ü@example.de', true],
  ['user@münchen.de', true],
  ['user@xn--mnchen-3ya.de', true],
  ['用户@例子.广告', true],
  ['e\u0301@example.org', true],
  ['user@example\u3002org', true],
  ['a@xn--.org', false],
  // IDNA through the URL parser (checked in Chromium 156 too: same results as Node).
  ['a@xn--a.org', true],
  ['a@ex\u00ADample.org', true],
  ['a@\uFF25\uFF38\uFF21\uFF2D\uFF30\uFF2C\uFF25.org', true],
  ['a@exa\u200Dmple.org', false],
  ['a@faß.de', true],
  ['a@xn--zca.de', true],
  ['a@1.2.3.04', false],
  ['a@example.0x10', false],
  ['a@ex--ample.org', true],
  [`${'l'.repeat(64)}@example.org`, true],
  [`${'l'.repeat(65)}@example.org`, false],
  [`${'é'.repeat(32)}@example.org`, true],
  [`${'é'.repeat(33)}@example.org`, false],
  [`a@${'d'.repeat(63)}.org`, true],
  [`a@${'d'.repeat(64)}.org`, false],
  [`${'l'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(57)}.org`, true],
  [`${'l'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(58)}.org`, false],
];

export interface AuthCase {
  name: string;
  form: AuthForm;
  values: Record<string, unknown>;
  expected: FieldErrors;
}

const GOOD_PASSWORD = 'Abcdefghijk1!';
const RESET_ID = 'A'.repeat(43);
const [length, uppercase, lowercase, number, special, whitespace] = PASSWORD_RULES.map((rule) => rule.message) as [
  string,
  string,
  string,
  string,
  string,
  string,
];

export const AUTH_CASES: AuthCase[] = [
  { name: 'login: valid', form: 'login', values: { username: 'a@example.org', password: 'x' }, expected: {} },
  {
    name: 'login: nothing',
    form: 'login',
    values: {},
    expected: { username: [AUTH_MESSAGES.loginEmail], password: [AUTH_MESSAGES.passwordRequired] },
  },
  {
    name: 'login: empty strings',
    form: 'login',
    values: { username: '', password: '' },
    expected: { username: [AUTH_MESSAGES.loginEmail], password: [AUTH_MESSAGES.passwordRequired] },
  },
  {
    name: 'login: spaces only',
    form: 'login',
    values: { username: '   ', password: '   ' },
    expected: { username: [AUTH_MESSAGES.loginEmail] },
  },
  {
    name: 'login: trimmed and lower-cased address',
    form: 'login',
    values: { username: '  Ada@Example.ORG ', password: 'x' },
    expected: {},
  },
  {
    name: 'login: a number as address and password',
    form: 'login',
    values: { username: 5, password: 5 },
    expected: { username: [AUTH_MESSAGES.loginEmail], password: [AUTH_MESSAGES.passwordRequired] },
  },
  {
    name: 'login: null',
    form: 'login',
    values: { username: null, password: null },
    expected: { username: [AUTH_MESSAGES.loginEmail], password: [AUTH_MESSAGES.passwordRequired] },
  },
  { name: 'login: password of 256', form: 'login', values: { username: 'a@example.org', password: 'p'.repeat(256) }, expected: {} },
  {
    name: 'login: password of 257',
    form: 'login',
    values: { username: 'a@example.org', password: 'p'.repeat(257) },
    expected: { password: [AUTH_MESSAGES.passwordTooLong] },
  },
  {
    name: 'login: address of 254',
    form: 'login',
    values: { username: `${'l'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(57)}.org`, password: 'x' },
    expected: {},
  },
  {
    name: 'login: address of 255',
    form: 'login',
    values: { username: `${'l'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(58)}.org`, password: 'x' },
    expected: { username: [AUTH_MESSAGES.loginEmail] },
  },
  {
    name: 'login: address of 254 once trimmed',
    form: 'login',
    values: { username: `  ${'l'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(57)}.org  `, password: 'x' },
    expected: {},
  },
  {
    name: 'login: carried answers',
    form: 'login',
    values: { username: 'a@example.org', password: 'x', answers: { first_name: 'Ada', legal_agree: true, Other_Key: 5 } },
    expected: {},
  },
  {
    name: 'login: carried answer of a wrong type',
    form: 'login',
    values: { username: 'a@example.org', password: 'x', answers: { first_name: 5 } },
    expected: { answers: [AUTH_MESSAGES.carriedAnswers] },
  },
  {
    name: 'login: carried answer too long',
    form: 'login',
    values: { username: 'a@example.org', password: 'x', answers: { college_pay: 'x'.repeat(7001) } },
    expected: { answers: [AUTH_MESSAGES.carriedAnswers] },
  },
  {
    name: 'login: carried answers not an object',
    form: 'login',
    values: { username: 'x', password: 'x', answers: ['a'] },
    expected: { username: [AUTH_MESSAGES.loginEmail], answers: [AUTH_MESSAGES.carriedAnswers] },
  },
  {
    name: 'login: too many carried answers',
    form: 'login',
    values: {
      username: 'a@example.org',
      password: 'x',
      answers: Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`k${i}`, ''])),
    },
    expected: { answers: [AUTH_MESSAGES.carriedAnswers] },
  },
  { name: 'signup: valid', form: 'signup', values: { username: 'a@example.org', password: GOOD_PASSWORD }, expected: {} },
  {
    name: 'signup: empty',
    form: 'signup',
    values: { username: '', password: '' },
    expected: { username: [AUTH_MESSAGES.email], password: [length] },
  },
  { name: 'signup: missing password', form: 'signup', values: { username: 'a@example.org' }, expected: { password: [length] } },
  {
    name: 'signup: a number as password',
    form: 'signup',
    values: { username: 'a@example.org', password: 123456789012 },
    expected: { password: [length] },
  },
  {
    name: 'signup: every rule broken',
    form: 'signup',
    values: { username: 'a@example.org', password: ' ' },
    expected: { password: [length, uppercase, lowercase, number, special, whitespace] },
  },
  {
    name: 'signup: spaces around',
    form: 'signup',
    values: { username: 'a@example.org', password: ` ${GOOD_PASSWORD} ` },
    expected: { password: [whitespace] },
  },
  {
    name: 'signup: tab at the end',
    form: 'signup',
    values: { username: 'a@example.org', password: `${GOOD_PASSWORD}\t` },
    expected: { password: [whitespace] },
  },
  {
    name: 'signup: unicode letters count as upper and lower case',
    form: 'signup',
    values: { username: 'a@example.org', password: 'ÄÖÜäöüßéèê1!' },
    expected: {},
  },
  {
    name: 'signup: euro is not special',
    form: 'signup',
    values: { username: 'a@example.org', password: 'Abcdefghijk1€' },
    expected: { password: [special] },
  },
  {
    name: 'signup: too long and missing a number',
    form: 'signup',
    values: { username: 'a@example.org', password: `A!${'a'.repeat(300)}` },
    expected: { password: [AUTH_MESSAGES.passwordTooLong, number] },
  },
  {
    name: 'signup: extra fields are ignored',
    form: 'signup',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: 'x', code: 5 },
    expected: {},
  },
  { name: 'confirm: valid', form: 'confirm', values: { username: 'a@example.org', code: '123456' }, expected: {} },
  { name: 'confirm: code with spaces around', form: 'confirm', values: { username: 'a@example.org', code: ' 123456 ' }, expected: {} },
  {
    name: 'confirm: code of 7',
    form: 'confirm',
    values: { username: 'a@example.org', code: '1234567' },
    expected: { code: [AUTH_MESSAGES.code] },
  },
  {
    name: 'confirm: code with a space inside',
    form: 'confirm',
    values: { username: 'a@example.org', code: '123 456' },
    expected: { code: [AUTH_MESSAGES.code] },
  },
  {
    name: 'confirm: code as a number',
    form: 'confirm',
    values: { username: 'a@example.org', code: 123456 },
    expected: { code: [AUTH_MESSAGES.code] },
  },
  {
    name: 'confirm: Arabic-Indic digits',
    form: 'confirm',
    values: { username: 'a@example.org', code: '١٢٣٤٥٦' },
    expected: { code: [AUTH_MESSAGES.code] },
  },
  { name: 'confirm: nothing', form: 'confirm', values: {}, expected: { username: [AUTH_MESSAGES.email], code: [AUTH_MESSAGES.code] } },
  { name: 'resend: malformed', form: 'resend', values: { username: 'x' }, expected: { username: [AUTH_MESSAGES.resendEmail] } },
  { name: 'forgot: valid with capitals', form: 'forgot', values: { username: 'ADA@EXAMPLE.ORG' }, expected: {} },
  {
    name: 'forgot: two addresses',
    form: 'forgot',
    values: { username: 'a@example.org, b@example.org' },
    expected: { username: [AUTH_MESSAGES.email] },
  },
  {
    name: 'reset: valid',
    form: 'reset',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, id: RESET_ID },
    expected: {},
  },
  {
    name: 'reset: passwords differ',
    form: 'reset',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: `${GOOD_PASSWORD}?`, id: RESET_ID },
    expected: { confirm_password: [AUTH_MESSAGES.passwordsMatch] },
  },
  {
    name: 'reset: both empty',
    form: 'reset',
    values: { username: 'a@example.org', password: '', confirm_password: '', id: RESET_ID },
    expected: { password: [length] },
  },
  {
    name: 'reset: confirmation missing',
    form: 'reset',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, id: RESET_ID },
    expected: { confirm_password: [AUTH_MESSAGES.passwordsMatch] },
  },
  {
    name: 'reset: password missing, confirmation empty',
    form: 'reset',
    values: { username: 'a@example.org', confirm_password: '', id: RESET_ID },
    expected: { password: [length], confirm_password: [AUTH_MESSAGES.passwordsMatch] },
  },
  {
    name: 'reset: link id too short',
    form: 'reset',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, id: 'A'.repeat(42) },
    expected: { id: [AUTH_MESSAGES.resetLink] },
  },
  {
    name: 'reset: link id with a dot',
    form: 'reset',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, id: `${'A'.repeat(42)}.` },
    expected: { id: [AUTH_MESSAGES.resetLink] },
  },
  {
    name: 'reset: everything wrong',
    form: 'reset',
    values: {},
    expected: {
      username: [AUTH_MESSAGES.email],
      password: [length],
      confirm_password: [AUTH_MESSAGES.passwordsMatch],
      id: [AUTH_MESSAGES.resetLink],
    },
  },
];
