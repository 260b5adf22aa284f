import { describe, expect, test } from '@jest/globals';
import { clearHidden, evaluate, isAnswered, relevant } from '../../form/conditions.js';
import { RESIDENCY_STATES } from '../../form/data/states.js';
import type { Answers, Operator, Rule } from '../../form/types.js';

type Scalar = string | number | boolean;

describe('§4 operators, each with a matching and a non-matching case', () => {
  const cases: ReadonlyArray<[Operator, Scalar | readonly Scalar[] | undefined, Answers[string] | undefined, boolean]> = [
    ['equals', 'UT', 'UT', true],
    ['equals', 'UT', 'CA', false],
    ['equals', 2, '2', true], // compared as text
    ['equals', true, true, true],
    ['equals', true, false, false],
    ['notEquals', 'Y', 'N', true],
    ['notEquals', 'Y', 'Y', false],
    ['notEquals', 'Y', undefined, true],
    ['lt', 3, '2.5', true],
    ['lt', 3, '3', false],
    ['lt', 3, '', false], // unanswered is not a number
    ['lte', 3, '3', true],
    ['lte', 3, '3.01', false],
    ['gt', '10', '9', false], // numeric, not text, comparison
    ['gt', '10', '11', true],
    ['gte', 10, '10', true],
    ['gte', 10, 'ten', false],
    ['answered', undefined, 'x', true],
    ['answered', undefined, true, true],
    ['answered', undefined, '', false],
    ['answered', undefined, false, false], // an unticked box is not an answer
    ['answered', undefined, undefined, false],
    ['notAnswered', undefined, '', true],
    ['notAnswered', undefined, false, true],
    ['notAnswered', undefined, 'x', false],
    ['in', ['US', 'CA'], 'CA', true],
    ['in', ['US', 'CA'], 'MX', false],
    ['in', ['US', 'CA'], '', false],
    ['notIn', ['US', 'CA'], 'MX', true],
    ['notIn', ['US', 'CA'], 'US', false],
  ];
  test.each(cases)('%s %j on answer %j → %s', (operator, target, value, expected) => {
    const answers: Answers = value === undefined ? {} : { x: value };
    const rule: Rule = target === undefined ? { valueKey: 'x', operator } : { valueKey: 'x', operator, target };
    expect(evaluate(rule, answers)).toBe(expected);
  });

  test('all / any combine rules', () => {
    const a: Rule = { valueKey: 'a', operator: 'equals', target: '1' };
    const b: Rule = { valueKey: 'b', operator: 'answered' };
    expect(evaluate({ all: [a, b] }, { a: '1', b: 'x' })).toBe(true);
    expect(evaluate({ all: [a, b] }, { a: '1', b: '' })).toBe(false);
    expect(evaluate({ any: [a, b] }, { a: '2', b: 'x' })).toBe(true);
    expect(evaluate({ any: [a, b] }, { a: '2', b: '' })).toBe(false);
  });

  test('isAnswered treats "" and false (and missing) as unanswered', () => {
    expect([isAnswered(''), isAnswered(false), isAnswered(undefined), isAnswered('0'), isAnswered(true)]).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('§4 state legal residency, driver license and free lunch', () => {
  test('the special list is Utah, Northern Mariana Islands, Guam, Marshall Islands, Micronesia, Palau, American Samoa (values)', () => {
    expect([...RESIDENCY_STATES].sort()).toEqual(['AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'UT']);
  });

  test.each(RESIDENCY_STATES)('state %s shows residency and driver license', (state) => {
    const visible = relevant({ state });
    expect(visible.has('state_legal_residency')).toBe(true);
    expect(visible.has('state_driver_license')).toBe(true);
    expect(visible.has('free_lunch')).toBe(state === 'UT');
  });

  test.each(['CA', 'ID', 'PR', 'ON', ''])('state %j hides them', (state) => {
    const visible = relevant({ state });
    expect([visible.has('state_legal_residency'), visible.has('state_driver_license'), visible.has('free_lunch')]).toEqual([
      false,
      false,
      false,
    ]);
  });

  test('moving away from Utah clears the three answers and their _desc', () => {
    const before: Answers = {
      state: 'UT',
      state_legal_residency: 'Y',
      state_legal_residency_desc: 'Yes',
      state_driver_license: 'N',
      state_driver_license_desc: 'No',
      free_lunch: 'Y',
      free_lunch_desc: 'Yes',
    };
    expect(clearHidden({ ...before, state: 'GU' })).toMatchObject({
      state_legal_residency: 'Y',
      state_driver_license: 'N',
      free_lunch: '',
      free_lunch_desc: '',
    });
    expect(clearHidden({ ...before, state: 'CA' })).toEqual({
      state: 'CA',
      state_legal_residency: '',
      state_legal_residency_desc: '',
      state_driver_license: '',
      state_driver_license_desc: '',
      free_lunch: '',
      free_lunch_desc: '',
    });
  });
});
