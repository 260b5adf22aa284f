import { describe, expect, it } from '@jest/globals';
import { staffKeys } from '../../form/staff-keys.js';
import { answerColumns, answersWithDisplay } from '../../form/answer-columns.js';
import { fieldByKey } from '../../form/fields.js';
import { COMPLETE_ANSWERS, OPEN_ENTRY_TERM } from '../fixtures/complete-answers.js';

describe('what the staff desk searches by, derived from the form definition', () => {
  it('finds the given and family names, the high school (CEEB, name, state), the entry term, the major and residency', () => {
    const { residency, ...keys } = staffKeys();
    expect(keys).toEqual({
      firstName: 'first_name',
      lastName: 'last_name',
      hsCeeb: 'hs_ceeb',
      hsName: 'hs_name',
      entryTerm: 'entry_term',
      hsState: 'hs_state',
      major: 'applied_major',
      addressState: 'state',
    });
    for (const key of Object.values(keys)) expect(fieldByKey(key)).toBeDefined();
    // Residency is asked only for the states whose residency rule the definition names: those it filters by.
    expect(residency.key).toBe('state_legal_residency');
    expect(residency.states).toContain('UT');
    expect(residency.states).not.toContain('CA');
  });
});

describe('answers as exports carry them', () => {
  it('has one column per question of the definition, each key once, in definition order', () => {
    const keys = answerColumns().map((q) => q.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.indexOf('first_name')).toBeLessThan(keys.indexOf('entry_term'));
    expect(keys).toContain('legal_agree');
  });

  it('gives the stored value and the display text of every answered question, and nothing else', () => {
    const out = answersWithDisplay({ ...COMPLETE_ANSWERS, middle_name: '' });
    expect(out.entry_term).toEqual({ value: OPEN_ENTRY_TERM.value, display: OPEN_ENTRY_TERM.label });
    expect(out.hs_name).toEqual({ value: 'Alta High School', display: 'Alta High School (Ceeb: 450010)' });
    expect(out.legal_agree).toEqual({ value: true, display: 'Yes' });
    expect(out).not.toHaveProperty('middle_name');
    expect(Object.keys(out).every((key) => fieldByKey(key))).toBe(true);
  });
});
