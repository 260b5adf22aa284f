import { describe, expect, test } from '@jest/globals';
import { answerKeys } from '../../form/answers.js';
import { checkDefinition } from '../../form/check-definition.js';
import { formDefinition, PAGE_IDS } from '../../form/definition.js';
import { allFields, fieldByKey, fieldsOf, hasDescription } from '../../form/fields.js';
import { inputMaxLength } from '../../form/limits.js';
import { relevant } from '../../form/conditions.js';

/*
 * SPEC §3 "Answers by page", written out once more here on purpose: this test is the check that the definition
 * (the single source everywhere else) asks exactly what the spec lists.
 */
const parentKeys = (prefix: string) =>
  [
    'communication_preference',
    'relationship',
    'first_name',
    'last_name',
    'email_address',
    'phone',
    'phone_type',
    'education',
    'alum',
    'addr_same_as_stu_perm',
    'address_line_1',
    'address_line_2',
    'city',
    'state',
    'zip',
    'country',
  ].map((key) => `${prefix}_${key}`);

const schoolKeys = (prefix: string) =>
  [
    'ceeb',
    'name',
    'address_line_1',
    'city',
    'state',
    'zip',
    'country',
    'attend_from_month',
    'attend_from_year',
    'attend_to_month',
    'attend_to_year',
  ].map((key) => `${prefix}_${key}`);

const SPEC_ABOUT = [
  'first_name',
  'middle_name',
  'last_name',
  'preferred_name',
  'birth_date',
  'gender',
  'phone_home',
  'phone_mobile',
  'optin_sms_ind',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'zip',
  'country',
  'state_legal_residency',
  'state_driver_license',
  'free_lunch',
  'citizenship_type',
  'birth_country',
  'citizenship',
  'alien_registration_number',
  'race_american_indian',
  'race_asian',
  'race_black',
  'race_native_hawaiian',
  'race_white',
  'race_north_african',
  'race_hispanic_latino',
  ...parentKeys('parent'),
  ...parentKeys('parent_2'),
  'armed_forces',
  'branch_served',
  'spouse_forces',
  'veteran_relation',
];
const SPEC_EDUCATION = [
  'entry_term',
  'applied_major',
  'defer_plan',
  'defer_reason',
  'defer_term',
  'housing_plan',
  'scholarship_opp',
  'financial_aid',
  'college_pay',
  'hs_gpa',
  'counselor_first_name',
  'counselor_last_name',
  'counselor_email_address',
  'grad_month',
  'grad_year',
  // School 1 is 'hs_' + key (§5 names hs_name), schools 2–5 'hs_2_' … 'hs_5_' (§3).
  ...['hs', 'hs_2', 'hs_3', 'hs_4', 'hs_5'].flatMap(schoolKeys),
];
const SPEC_FINAL_STEPS = ['counselor_waiver_request', 'legal_agree'];

const sorted = (keys: readonly string[]) => [...keys].sort();

describe('the definition asks exactly the answers of SPEC §3', () => {
  const standard = formDefinition();

  test.each([
    ['about', SPEC_ABOUT],
    ['education', SPEC_EDUCATION],
    ['final-steps', SPEC_FINAL_STEPS],
  ] as const)('page %s holds exactly the §3 keys (documents apart)', (page, expected) => {
    // §3: About also holds phone_international, the international variant's question (shown for an address outside the U.S.).
    const spec = page === 'about' ? [...expected, 'phone_international'] : expected;
    expect(
      sorted(
        fieldsOf(page, standard)
          .filter((f) => f.question.kind !== 'file')
          .map((f) => f.question.key),
      ),
    ).toEqual(sorted(spec));
  });

  test('documents are file questions outside the answers (§3 document_answer), one under tabs (§4)', () => {
    const files = fieldsOf('all', standard).filter((f) => f.question.kind === 'file');
    expect(files.map((f) => f.question.key)).toEqual(['transcript', 'additional_document']);
    expect(files[0]!.gates.some((g) => g.gate === 'tab')).toBe(true);
    for (const f of files) expect(answerKeys(standard)).not.toContain(f.question.key);
  });

  test('the international variant: phone_international is shown for an address outside the U.S. only', () => {
    const visible = (answers: Record<string, string>) => relevant(answers, { definition: standard }).has('phone_international');
    expect(visible({})).toBe(false);
    expect(visible({ country: 'US' })).toBe(false);
    expect(visible({ country: 'GB' })).toBe(true);
  });

  test('answerKeys are the §3 keys plus a _desc companion for every choice answer, and nothing else', () => {
    const all = [...SPEC_ABOUT, 'phone_international', ...SPEC_EDUCATION, ...SPEC_FINAL_STEPS];
    const keys = answerKeys(standard);
    expect(new Set(keys).size).toBe(keys.length);
    expect(sorted(keys.filter((k) => !k.endsWith('_desc')))).toEqual(sorted(all));
    const choices = allFields(standard)
      .filter((f) => hasDescription(f.question))
      .map((f) => `${f.question.key}_desc`);
    expect(sorted(keys.filter((k) => k.endsWith('_desc')))).toEqual(sorted(choices));
    // Spot checks of the §3 companions: selects, radios, month/year pairs, the dependent select.
    for (const key of [
      'gender_desc',
      'state_desc',
      'country_desc',
      'parent_2_state_desc',
      'grad_month_desc',
      'hs_5_attend_to_year_desc',
      'defer_term_desc',
      'counselor_waiver_request_desc',
    ]) {
      expect(keys).toContain(key);
    }
    for (const key of ['first_name_desc', 'race_asian_desc', 'legal_agree_desc', 'hs_name_desc', 'birth_date_desc'])
      expect(keys).not.toContain(key);
  });

  test('pages come in step order with the §2 navigation labels', () => {
    expect(standard.pages.map((p) => [p.id, p.path, p.navLabel, p.shortNavLabel])).toEqual([
      ['about', '/about', '1. About you', 'Step 1'],
      ['education', '/education', '2. Your academics', 'Step 2'],
      ['final-steps', '/final-steps', '3. Final steps', 'Step 3'],
    ]);
    expect(PAGE_IDS).toEqual(['about', 'education', 'final-steps']);
  });

  test('the real definitions pass the §5 configuration self-check with no warnings', () => {
    expect(checkDefinition(standard)).toEqual({ warnings: [] });
  });
});

describe('labels and limits', () => {
  // §5 "Required fields (label in quotes)", verbatim.
  test.each([
    ['address_line_1', 'Address'],
    ['city', 'City'],
    ['country', 'Country'],
    ['first_name', 'First Name'],
    ['last_name', 'Last Name'],
    ['gender', 'Legal Sex at Birth'],
    ['birth_date', 'Date of Birth'],
    ['hs_name', 'Search for Your School'],
    ['entry_term', 'When do you plan to enroll?'],
    ['applied_major', 'What are you interested in studying?'],
    ['parent_communication_preference', 'To whom should we send information?'],
    ['free_lunch', 'Do you receive a free or reduced lunch?'],
    ['branch_served', 'In which branch of the military did you or your family member serve?'],
    ['spouse_forces', 'Are you a spouse or a child of a veteran or current military member?'],
    ['veteran_relation', 'Relationship to military veteran?'],
  ])('%s is labelled %j', (key, label) => {
    expect(fieldByKey(key)?.question.label).toBe(label);
  });

  test.each([
    'address_line_1',
    'city',
    'country',
    'first_name',
    'last_name',
    'gender',
    'birth_date',
    'hs_name',
    'entry_term',
    'applied_major',
    'counselor_waiver_request',
    'legal_agree',
    'parent_communication_preference',
  ])('%s is always required', (key) => {
    expect(fieldByKey(key)?.question.required).toBe(true);
  });

  test('text inputs default to 45 characters; a textarea to 1500, and the application configures its textarea at 7000 (§9)', () => {
    expect(inputMaxLength(fieldByKey('first_name')!.question)).toBe(45);
    expect(inputMaxLength(fieldByKey('counselor_first_name')!.question)).toBe(45);
    expect(fieldByKey('college_pay')?.question.kind).toBe('textarea');
    expect(inputMaxLength(fieldByKey('college_pay')!.question)).toBe(7000);
    expect(inputMaxLength({ kind: 'textarea', key: 'essay', label: 'Essay' })).toBe(1500);
  });

  test('the building blocks sit where the issue wants them', () => {
    expect(fieldByKey('hs_name')?.question).toMatchObject({ kind: 'autocomplete', category: 'hs_ceeb' });
    expect(fieldByKey('defer_term')?.question).toMatchObject({ kind: 'dependentSelect', controller: 'defer_reason' });
    expect(fieldByKey('address_line_1')?.question).toMatchObject({ kind: 'autocomplete', category: 'address' });
    const education = formDefinition().pages[1]!;
    const json = JSON.stringify(education.children);
    expect(json).toContain('"repeater":"high-schools"');
    expect(JSON.stringify(formDefinition().pages[2]!.children)).toContain('"trigger":"certification"');
  });
});
