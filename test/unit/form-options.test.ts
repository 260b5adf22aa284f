import { describe, expect, test } from '@jest/globals';
import { MAJORS } from '../../form/data/majors.js';
import { ARMED_FORCES_REGIONS, CANADIAN_PROVINCES, STATES_AND_PROVINCES, US_STATES, US_TERRITORIES } from '../../form/data/states.js';
import {
  COUNTRIES,
  COUNTRIES_WITHOUT_US,
  DEFER_REASONS,
  HOUSING_PLANS,
  MONTHS,
  optionLabel,
  resolveOptions,
  YES_NO,
  yearOptions,
} from '../../form/options.js';

const pairs = (options: ReadonlyArray<{ value: string; label: string }>) => options.map((o) => [o.value, o.label]);

describe('§3 choice lists', () => {
  test('yes/no stores Y/N', () => {
    expect(pairs(YES_NO)).toEqual([
      ['Y', 'Yes'],
      ['N', 'No'],
    ]);
  });

  test('housing_plan 1–4 and defer_reason 1–3', () => {
    expect(pairs(HOUSING_PLANS)).toEqual([
      ['1', 'On campus'],
      ['2', 'Off campus'],
      ['3', 'With family'],
      ['4', 'Unsure'],
    ]);
    expect(pairs(DEFER_REASONS)).toEqual([
      ['1', 'Church service'],
      ['2', 'Internship'],
      ['3', 'Military'],
    ]);
  });

  // The entry and deferral terms are the admission cycle's (test/unit/admission-cycle.test.ts).

  test('months are 1–12 as January–December', () => {
    expect(MONTHS).toHaveLength(12);
    expect(MONTHS[0]).toEqual({ value: '1', label: 'January', labelEs: 'enero' });
    expect(MONTHS[11]).toEqual({ value: '12', label: 'December', labelEs: 'diciembre' });
  });

  test.each([
    [{ count: 3, direction: 'past' as const, start: 2020 }, ['2020', '2019', '2018']],
    [{ count: 3, direction: 'future' as const, start: 2020 }, ['2020', '2021', '2022']],
    [{ count: 2, direction: 'past' as const }, ['2031', '2030']],
    [{ count: 0, direction: 'future' as const }, []],
  ])('year list %j → %j (start defaults to the current year)', (years, expected) => {
    expect(yearOptions(years, new Date(2031, 5, 1)).map((o) => o.value)).toEqual(expected);
    expect(resolveOptions({ years }, new Date(2031, 5, 1)).map((o) => o.label)).toEqual(expected);
  });

  test('majors: at least 60 with unique program codes, replaceable as a data file', () => {
    expect(MAJORS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(MAJORS.map((m) => m.code)).size).toBe(MAJORS.length);
    expect(resolveOptions({ list: 'majors' }).find((o) => o.value === 'CS-BS')?.label).toBe('Computer Science (BS)');
  });
});

describe('countries (i18n-iso-countries, English)', () => {
  test('ISO alpha-2 values, United States first, the rest by name', () => {
    expect(COUNTRIES[0]).toEqual({ value: 'US', label: 'United States' });
    expect(COUNTRIES.length).toBeGreaterThan(240);
    const rest = COUNTRIES.slice(1).map((o) => o.label);
    // English collation's order (form/data/countries.ts sorts by a cheaper key that must agree with it).
    const english = new Intl.Collator('en');
    expect(rest).toEqual([...rest].sort((a, b) => english.compare(a, b)));
    expect(COUNTRIES.find((o) => o.value === 'CA')?.label).toBe('Canada');
    expect(COUNTRIES.every((o) => /^[A-Z]{2}$/.test(o.value))).toBe(true);
  });

  test('the variant without the United States', () => {
    expect(COUNTRIES_WITHOUT_US.some((o) => o.value === 'US')).toBe(false);
    expect(COUNTRIES_WITHOUT_US).toHaveLength(COUNTRIES.length - 1);
    expect(resolveOptions({ list: 'countriesWithoutUS' })).toBe(COUNTRIES_WITHOUT_US);
  });
});

describe('US states, territories, armed forces regions and Canadian provinces', () => {
  test('50 states and DC, the territories, AA/AE/AP and the 13 provinces and territories of Canada', () => {
    expect(US_STATES).toHaveLength(51);
    expect(US_STATES.some((o) => o.value === 'DC')).toBe(true);
    expect(US_TERRITORIES.map((o) => o.value).sort()).toEqual(['AS', 'FM', 'GU', 'MH', 'MP', 'PR', 'PW', 'VI']);
    expect(ARMED_FORCES_REGIONS.map((o) => o.value)).toEqual(['AA', 'AE', 'AP']);
    expect(CANADIAN_PROVINCES).toHaveLength(13);
    const values = STATES_AND_PROVINCES.map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
  });

  test('labels of the §4 special list', () => {
    const label = (value: string) => optionLabel({ list: 'statesAndProvinces' }, value);
    expect(['UT', 'MP', 'GU', 'MH', 'FM', 'PW', 'AS'].map(label)).toEqual([
      'Utah',
      'Northern Mariana Islands',
      'Guam',
      'Marshall Islands',
      'Federated States of Micronesia',
      'Republic of Palau',
      'American Samoa',
    ]);
  });
});

describe('resolveOptions', () => {
  test('inline lists come back as they are; unknown names give an empty list', () => {
    const inline = [{ value: 'a', label: 'A' }];
    expect(resolveOptions(inline)).toBe(inline);
    expect(resolveOptions({ list: 'noSuchList' })).toEqual([]);
    expect(optionLabel(YES_NO, 'Y')).toBe('Yes');
    expect(optionLabel(YES_NO, 'maybe')).toBe('');
  });
});
