import { describe, expect, test } from '@jest/globals';
import { answerKeys, blankAnswers, unknownKeys, withDescriptions } from '../../form/answers.js';
import { formatLongDate, isIsoDate, todayIso, yearsBefore } from '../../form/dates.js';
import { formatPhone, formatSsn, PARENT_PHONE_PATTERN, PHONE_PATTERN, SSN_PATTERN } from '../../form/formats.js';
import { characterCount } from '../../form/messages.js';

describe('answer keys', () => {
  test('unknownKeys names every key the definition does not store', () => {
    expect(
      unknownKeys({ first_name: 'A', state_desc: 'Utah', hs_5_attend_to_year: '2026', favourite_colour: 'blue', first_name_desc: 'x' }),
    ).toEqual(['favourite_colour', 'first_name_desc']);
    // §3 international variant: phone_international is an answer of the form, not an unknown key.
    expect(unknownKeys({ phone_international: '+44 20 7946 0958' })).toEqual([]);
  });

  test('blankAnswers holds every answer key with the empty answer', () => {
    const blank = blankAnswers();
    expect(Object.keys(blank)).toEqual(answerKeys());
    expect(Object.values(blank).every((v) => v === '')).toBe(true);
  });
});

describe('withDescriptions: choice answers carry the visible label in <key>_desc (§3)', () => {
  test('selects, radios and dependent selects get their label; unknown or empty values an empty _desc', () => {
    expect(withDescriptions({ gender: 'M', state: 'GU', defer_reason: '3', defer_term: 'SU2029', country: 'XX', entry_term: '' })).toEqual({
      gender: 'M',
      gender_desc: 'Male',
      state: 'GU',
      state_desc: 'Guam',
      defer_reason: '3',
      defer_reason_desc: 'Military',
      defer_term: 'SU2029',
      defer_term_desc: 'Summer 2029',
      country: 'XX',
      country_desc: '',
      entry_term: '',
      entry_term_desc: '',
    });
  });

  test('a description sent by the client is replaced, text answers are left alone, absent keys stay absent', () => {
    expect(withDescriptions({ gender: 'F', gender_desc: 'Something else', first_name: 'Ada' })).toEqual({
      gender: 'F',
      gender_desc: 'Female',
      first_name: 'Ada',
    });
    expect(withDescriptions({})).toEqual({});
  });
});

describe('formats', () => {
  test.each([
    ['', ''],
    ['8', '(8'],
    ['801', '(801'],
    ['8015', '(801) 5'],
    ['801555', '(801) 555'],
    ['8015551', '(801) 555-1'],
    ['8015551234', '(801) 555-1234'],
    ['(801) 555-12345', '(801) 555-1234'],
    ['801.555.1234', '(801) 555-1234'],
  ])('phone typed %j shows %j', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  test.each([
    ['123', '123'],
    ['1234', '123-4'],
    ['12345', '123-45'],
    ['123456789', '123-45-6789'],
    ['123-45-67890', '123-45-6789'],
  ])('SSN-style typed %j shows %j', (typed, shown) => {
    expect(formatSsn(typed)).toBe(shown);
  });

  test('a fully typed phone matches the §5 pattern; parents need area and exchange codes 2–9', () => {
    expect(PHONE_PATTERN.test(formatPhone('1235551234'))).toBe(true);
    expect(PARENT_PHONE_PATTERN.test(formatPhone('1235551234'))).toBe(false);
    expect(PARENT_PHONE_PATTERN.test(formatPhone('2235551234'))).toBe(true);
    expect(SSN_PATTERN.test(formatSsn('123456789'))).toBe(true);
  });

  test('the textarea counter reads "Character count: n / limit"', () => {
    expect(characterCount(12, 1500)).toBe('Character count: 12 / 1500');
  });
});

describe('dates', () => {
  test.each([
    ['2008-03-04', true],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-1-01', false],
    ['', false],
  ])('%j is an ISO calendar date: %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  test('years before, today and the long form', () => {
    expect(yearsBefore('2026-11-22', 13)).toBe('2013-11-22');
    expect(yearsBefore('2028-02-29', 13)).toBe('2015-02-28');
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(formatLongDate('2008-03-04')).toBe('March 4, 2008');
    expect(formatLongDate('not a date')).toBe('not a date');
  });
});
