import { FREE_LUNCH_STATE, RESIDENCY_STATES } from '../data/states.js';
import { MESSAGES, PHONE_MESSAGES } from '../messages.js';
import { YES_NO } from '../options.js';
import type { Node, Option, Page, Question, Rule } from '../types.js';
import { COMMUNICATION_PREFERENCE, COMMUNICATION_PREFERENCES, parentSection } from './parents.js';

const SEXES: readonly Option[] = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
];

const CITIZENSHIP_TYPES: readonly Option[] = [
  { value: '1', label: 'U.S. citizen or U.S. national' },
  { value: '2', label: 'U.S. permanent resident' },
  { value: '3', label: 'Not a U.S. citizen or permanent resident' },
];

const BRANCHES: readonly Option[] = [
  { value: 'ARMY', label: 'Army' },
  { value: 'NAVY', label: 'Navy' },
  { value: 'AIR_FORCE', label: 'Air Force' },
  { value: 'MARINES', label: 'Marine Corps' },
  { value: 'COAST_GUARD', label: 'Coast Guard' },
  { value: 'SPACE_FORCE', label: 'Space Force' },
  { value: 'NATIONAL_GUARD', label: 'National Guard' },
  { value: 'RESERVES', label: 'Reserves' },
];

const VETERAN_RELATIONS: readonly Option[] = [
  { value: 'SPOUSE', label: 'Spouse' },
  { value: 'CHILD', label: 'Child' },
];

const isYes = (valueKey: string): Rule => ({ valueKey, operator: 'equals', target: 'Y' });
const notAnswered = (valueKey: string): Rule => ({ valueKey, operator: 'notAnswered' });

/**
 * §3/§5 international variant: an applicant whose permanent address is outside the United States is
 * offered an international number (shown right under the address, where the country is chosen), and with
 * it the home phone is no longer required. Hidden, and cleared, for a U.S. address.
 */
const INTERNATIONAL_ADDRESS: Rule = {
  all: [
    { valueKey: 'country', operator: 'answered' },
    { valueKey: 'country', operator: 'notEquals', target: 'US' },
  ],
};

const INTERNATIONAL_PHONE: Question = {
  kind: 'text',
  key: 'phone_international',
  label: 'International Phone Number',
  hint: 'Include the country code, for example +44 20 7946 0958.',
  maxLength: 20,
  inputMode: 'tel',
  autoComplete: 'tel',
  showWhen: INTERNATIONAL_ADDRESS,
  checks: [{ check: 'pattern', pattern: /^\+?[0-9][0-9 ().-]{5,18}[0-9]$/, message: PHONE_MESSAGES.validInternational }],
};

function phoneQuestions(): Question[] {
  // §5 oneRequired: without a cell phone (or, in the international variant, an international number) the home phone is needed.
  const homeNeeded: Rule = { all: [notAnswered('phone_mobile'), notAnswered('phone_international')] };
  return [
    {
      kind: 'phone',
      key: 'phone_home',
      label: 'Home Phone',
      autoComplete: 'tel',
      required: homeNeeded,
      requiredMessage: PHONE_MESSAGES.oneRequired,
      invalidMessage: PHONE_MESSAGES.validHome,
    },
    {
      kind: 'phone',
      key: 'phone_mobile',
      label: 'Cell Phone',
      autoComplete: 'tel',
      required: { valueKey: 'optin_sms_ind', operator: 'equals', target: true },
      requiredMessage: PHONE_MESSAGES.optIn,
      invalidMessage: PHONE_MESSAGES.validMobile,
    },
    {
      kind: 'checkbox',
      key: 'optin_sms_ind',
      label: 'Send me text message updates about my application.',
      hint: 'Message and data rates may apply. Reply STOP to opt out at any time.',
    },
  ];
}

/** Step 1 (§2 /about): every About key of §3. */
export function aboutPage(): Page {
  const children: Node[] = [
    {
      section: 'personal',
      title: 'Personal Information',
      children: [
        { kind: 'text', key: 'first_name', label: 'First Name', required: true, autoComplete: 'given-name' },
        { kind: 'text', key: 'middle_name', label: 'Middle Name', autoComplete: 'additional-name' },
        { kind: 'text', key: 'last_name', label: 'Last Name', required: true, autoComplete: 'family-name' },
        {
          kind: 'text',
          key: 'preferred_name',
          label: 'Preferred Name',
          hint: 'The name you go by, if it is not your first name.',
          autoComplete: 'nickname',
        },
        {
          kind: 'date',
          key: 'birth_date',
          label: 'Date of Birth',
          required: true,
          autoComplete: 'bday',
          invalidMessage: MESSAGES.birthDateInvalid,
          checks: [
            { check: 'maxAge', years: 100, message: MESSAGES.birthDateTooOld },
            { check: 'minAge', years: 13, message: MESSAGES.birthDateTooYoung },
          ],
        },
        { kind: 'radio', key: 'gender', label: 'Legal Sex at Birth', options: SEXES, required: true },
      ],
    },
    {
      section: 'contact',
      title: 'Phone',
      description: 'Please give at least one phone number where we can reach you.',
      children: phoneQuestions(),
    },
    {
      section: 'address',
      title: 'Permanent Address',
      children: [
        // No legend of its own: the section's heading already says "Permanent Address" (issue 26).
        { block: 'address', withCountry: true, required: true, autocomplete: true },
        INTERNATIONAL_PHONE,
        {
          section: 'residency',
          title: 'Residency',
          showWhen: { valueKey: 'state', operator: 'in', target: RESIDENCY_STATES },
          children: [
            {
              kind: 'radio',
              key: 'state_legal_residency',
              label: 'Have you been a legal resident of your state or territory for the past 12 months?',
              options: YES_NO,
              required: true,
            },
            {
              kind: 'radio',
              key: 'state_driver_license',
              label: 'Do you hold a driver license or ID card issued by your state or territory?',
              options: YES_NO,
              required: true,
            },
          ],
        },
        {
          kind: 'radio',
          key: 'free_lunch',
          label: 'Do you receive a free or reduced lunch?',
          options: YES_NO,
          required: true,
          showWhen: { valueKey: 'state', operator: 'equals', target: FREE_LUNCH_STATE },
        },
      ],
    },
    {
      section: 'citizenship',
      title: 'Citizenship',
      children: [
        { kind: 'select', key: 'citizenship_type', label: 'What is your citizenship status?', options: CITIZENSHIP_TYPES },
        { kind: 'select', key: 'birth_country', label: 'Country of Birth', options: { list: 'countries' } },
        {
          kind: 'select',
          key: 'citizenship',
          label: 'Country of Citizenship',
          options: { list: 'countriesWithoutUS' },
          showWhen: { valueKey: 'citizenship_type', operator: 'in', target: ['2', '3'] },
        },
        {
          kind: 'text',
          key: 'alien_registration_number',
          label: 'Alien Registration Number (A-Number)',
          hint: 'The 8 or 9 digit number on your Permanent Resident Card.',
          maxLength: 10,
          showWhen: { valueKey: 'citizenship_type', operator: 'equals', target: '2' },
        },
      ],
    },
    {
      section: 'race',
      title: 'Race and Ethnicity',
      description: 'Optional. Your answer does not affect your admission decision.',
      children: [
        {
          block: 'checkGroup',
          legend: 'How do you describe yourself? Select all that apply.',
          items: [
            { key: 'race_american_indian', label: 'American Indian or Alaska Native' },
            { key: 'race_asian', label: 'Asian' },
            { key: 'race_black', label: 'Black or African American' },
            { key: 'race_native_hawaiian', label: 'Native Hawaiian or Other Pacific Islander' },
            { key: 'race_white', label: 'White' },
            { key: 'race_north_african', label: 'Middle Eastern or North African' },
            { key: 'race_hispanic_latino', label: 'Hispanic or Latino' },
          ],
        },
      ],
    },
    {
      section: 'parents',
      title: 'Parents and Guardians',
      children: [
        {
          kind: 'radio',
          key: COMMUNICATION_PREFERENCE,
          label: 'To whom should we send information?',
          options: COMMUNICATION_PREFERENCES,
          required: true,
        },
        parentSection(1, { valueKey: COMMUNICATION_PREFERENCE, operator: 'answered' }),
        parentSection(2, { valueKey: COMMUNICATION_PREFERENCE, operator: 'equals', target: '2' }),
      ],
    },
    {
      section: 'military',
      title: 'Military Service',
      children: [
        { kind: 'radio', key: 'armed_forces', label: 'Have you or a member of your family served in the U.S. military?', options: YES_NO },
        {
          kind: 'select',
          key: 'branch_served',
          label: 'In which branch of the military did you or your family member serve?',
          options: BRANCHES,
          required: true,
          showWhen: isYes('armed_forces'),
        },
        {
          kind: 'radio',
          key: 'spouse_forces',
          label: 'Are you a spouse or a child of a veteran or current military member?',
          options: YES_NO,
          required: true,
          showWhen: isYes('armed_forces'),
        },
        {
          kind: 'select',
          key: 'veteran_relation',
          label: 'Relationship to military veteran?',
          options: VETERAN_RELATIONS,
          required: true,
          showWhen: isYes('spouse_forces'),
        },
      ],
    },
  ];
  return { id: 'about', path: '/about', title: 'About You', navLabel: '1. About you', shortNavLabel: 'Step 1', children };
}
