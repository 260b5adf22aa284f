/**
 * Validation cases on the real form (test/unit/validation.test.ts runs each through form/validate.ts, ADR 0250):
 * text, dates, choices, the entry term, dependent selects, checkboxes, files, conditions, phones, hidden
 * questions and e-mail. Kinds and checks the real form does not use: validation-synthetic-cases.ts.
 */
import { FIRST_DEFER_TERM, OPEN_ENTRY_TERM } from '../fixtures/complete-answers.js';
import { FORMAT_MESSAGES, MESSAGES, PHONE_MESSAGES } from '../../form/messages.js';
import { entry, notAnOption, notBoolean, notText, on, p1, p2, required, tooLong, VALID, type FormCase } from './validation-form-base.js';

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
];
