import { afterEach, describe, expect, test } from '@jest/globals';
import {
  admissionFallYear,
  admissionTerms,
  configureAdmissionCycle,
  nextFallYear,
  parseAdmissionCycle,
  termStart,
} from '../../form/admission-cycle.js';
import { resolveOptions } from '../../form/options.js';
import { validate } from '../../form/validate.js';
import { loadConfig } from '../../platform/config.server.js';

const labels = (options: readonly { label: string }[]) => options.map((o) => o.label);
const TODAY = new Date(2026, 10, 25, 12); // 2026-11-25, local noon

afterEach(() => configureAdmissionCycle(null));

describe('the admission cycle is configuration (issue 26)', () => {
  test("the 2025–26 cycle gives the spec's lists: entry Fall 2026; deferral Spring 2027 through Summer 2029 (§3, §9)", () => {
    const parsed = parseAdmissionCycle('2025-26');
    expect(parsed).toEqual({ fallYear: 2026 });
    const terms = admissionTerms((parsed as { fallYear: number }).fallYear);
    expect(terms.entry).toEqual([{ value: 'FA2026', label: 'Fall 2026', labelEs: 'Otoño 2026' }]);
    expect(labels(terms.defer)).toEqual([
      'Spring 2027',
      'Summer 2027',
      'Fall 2027',
      'Spring 2028',
      'Summer 2028',
      'Fall 2028',
      'Spring 2029',
      'Summer 2029',
    ]);
    expect(new Set(terms.defer.map((o) => o.value)).size).toBe(8);
    expect(parseAdmissionCycle('2025-2026')).toEqual({ fallYear: 2026 });
  });

  test('by default the entry terms on today’s date start after today: on 2026-11-25 the form offers Fall 2027, then its deferral terms', () => {
    const entry = resolveOptions({ list: 'entryTerms' }, TODAY);
    expect(labels(entry)).toEqual(['Fall 2027']);
    for (const option of entry) {
      const start = termStart(option.value)!;
      expect(new Date(start.year, start.month - 1, start.day).getTime()).toBeGreaterThan(TODAY.getTime());
    }
    expect(labels(resolveOptions({ list: 'deferTerms' }, TODAY))).toEqual([
      'Spring 2028',
      'Summer 2028',
      'Fall 2028',
      'Spring 2029',
      'Summer 2029',
      'Fall 2029',
      'Spring 2030',
      'Summer 2030',
    ]);
    expect(labels(resolveOptions({ list: 'deferTermsShort' }, TODAY))).toEqual(['Spring 2028', 'Summer 2028', 'Fall 2028', 'Spring 2029']);
    // Before classes begin, this year's fall is still open.
    expect(nextFallYear(new Date(2027, 6, 1))).toBe(2027);
    expect(nextFallYear(new Date(2027, 7, 15))).toBe(2028);
  });

  test('an operator pins the cycle; the validator then accepts its terms and refuses others', () => {
    configureAdmissionCycle(2026);
    expect(admissionFallYear(TODAY)).toBe(2026);
    expect(validate({ entry_term: 'FA2026' }, 'education', { now: TODAY }).find((e) => e.key === 'entry_term')).toBeUndefined();
    expect(validate({ entry_term: 'FA2027' }, 'education', { now: TODAY }).find((e) => e.key === 'entry_term')?.messages).toEqual([
      '"When do you plan to enroll?" must be one of the listed options.',
    ]);
  });

  test('ADMISSION_CYCLE is validated at start-up', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).admissionCycle).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', ADMISSION_CYCLE: 'auto' }).admissionCycle).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', ADMISSION_CYCLE: '2026-27' }).admissionCycle).toBe(2027);
    expect(() => loadConfig({ NODE_ENV: 'test', ADMISSION_CYCLE: '2026-28' })).toThrow(/ADMISSION_CYCLE/);
    expect(() => loadConfig({ NODE_ENV: 'test', ADMISSION_CYCLE: 'Fall 2027' })).toThrow(/ADMISSION_CYCLE/);
  });
});

describe('an entry term before the high-school graduation is refused (issue 26)', () => {
  const answers = { entry_term: 'FA2027', grad_month: '5', grad_year: '2027' };
  const entryMessages = (a: Record<string, string>) =>
    validate(a, 'education', { now: TODAY }).find((e) => e.key === 'entry_term')?.messages ?? [];

  test('graduating in May 2027 for Fall 2027 passes', () => {
    expect(entryMessages(answers)).toEqual([]);
  });

  test('graduating in May 2028 for Fall 2027 is refused with a message', () => {
    expect(entryMessages({ ...answers, grad_year: '2028' })).toEqual([
      'The term you chose starts before your high school graduation. Please choose a later term, or check your graduation date.',
    ]);
  });

  test('graduating in December 2027, after Fall 2027 starts, is refused; a partial graduation date is not judged', () => {
    expect(entryMessages({ ...answers, grad_month: '12' })).toHaveLength(1);
    expect(entryMessages({ entry_term: 'FA2027', grad_year: '2028' })).toEqual([]);
  });
});
