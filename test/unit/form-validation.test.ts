import { describe, expect, test } from '@jest/globals';
import { MESSAGES } from '../../form/messages.js';
import { validate } from '../../form/validate.js';
import type { Answers, FormDefinition } from '../../form/types.js';
import { NOW, VALID } from './validation-form-base.js';

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
