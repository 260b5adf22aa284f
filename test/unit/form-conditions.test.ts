import { describe, expect, test } from '@jest/globals';
import { activeBranch, clearHidden, evaluate, isAnswered, relevant } from '../../form/conditions.js';
import { RESIDENCY_STATES } from '../../form/data/states.js';
import type { Answers, FormDefinition, Group, Operator, Rule } from '../../form/types.js';

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

describe('clearHidden', () => {
  test('a hidden section loses its answers (parent 2 only while the preference is 2)', () => {
    const answers: Answers = {
      parent_communication_preference: '2',
      parent_2_first_name: 'Ana',
      parent_2_addr_same_as_stu_perm: 'N',
      parent_2_state: 'UT',
      parent_2_state_desc: 'Utah',
      parent_first_name: 'Bo',
    };
    expect(clearHidden(answers)).toEqual(answers);
    expect(clearHidden({ ...answers, parent_communication_preference: '1' })).toEqual({
      parent_communication_preference: '1',
      parent_2_first_name: '',
      parent_2_addr_same_as_stu_perm: '',
      parent_2_state: '',
      parent_2_state_desc: '',
      parent_first_name: 'Bo',
    });
  });

  test('clearing repeats until stable: armed_forces N hides spouse_forces, which hides veteran_relation', () => {
    const answers: Answers = { armed_forces: 'N', branch_served: 'ARMY', spouse_forces: 'Y', veteran_relation: 'CHILD' };
    expect(clearHidden(answers)).toEqual({ armed_forces: 'N', branch_served: '', spouse_forces: '', veteran_relation: '' });
    expect(relevant(answers).has('veteran_relation')).toBe(false);
  });

  test('keys absent from the answers stay absent, and the input is not modified', () => {
    const answers: Answers = { state: 'CA', free_lunch: 'Y' };
    const out = clearHidden(answers);
    expect(out).toEqual({ state: 'CA', free_lunch: '' });
    expect(answers).toEqual({ state: 'CA', free_lunch: 'Y' });
    expect('state_legal_residency' in out).toBe(false);
  });

  test('groups: the first true branch keeps its answers, the other branches are cleared', () => {
    const deferring: Answers = {
      defer_plan: 'Y',
      defer_reason: '1',
      defer_term: 'FA2027',
      housing_plan: '1',
      housing_plan_desc: 'On campus',
    };
    expect(clearHidden(deferring)).toEqual({ ...deferring, housing_plan: '', housing_plan_desc: '' });
    const staying: Answers = {
      defer_plan: 'N',
      defer_reason: '1',
      defer_reason_desc: 'Church service',
      defer_term: 'FA2027',
      housing_plan: '1',
    };
    expect(clearHidden(staying)).toEqual({ defer_plan: 'N', defer_reason: '', defer_reason_desc: '', defer_term: '', housing_plan: '1' });
  });

  test('groups: only the FIRST true branch counts even when later branches hold too', () => {
    const group: Group = {
      group: 'g',
      branches: [
        { when: { valueKey: 'n', operator: 'gte', target: 10 }, children: [{ kind: 'text', key: 'big', label: 'Big' }] },
        { when: { valueKey: 'n', operator: 'gte', target: 0 }, children: [{ kind: 'text', key: 'small', label: 'Small' }] },
        { when: { valueKey: 'n', operator: 'notAnswered' }, children: [{ kind: 'text', key: 'none', label: 'None' }] },
      ],
    };
    const definition: FormDefinition = {
      pages: [
        {
          id: 'about',
          path: '/about',
          title: 'T',
          navLabel: 'N',
          shortNavLabel: 'S',
          children: [{ kind: 'text', key: 'n', label: 'N' }, group],
        },
      ],
    };
    const all = { big: 'b', small: 's', none: 'x' };
    expect(activeBranch(group, { n: '12' })).toBe(0);
    expect(clearHidden({ n: '12', ...all }, undefined, { definition })).toEqual({ n: '12', big: 'b', small: '', none: '' });
    expect(clearHidden({ n: '3', ...all }, undefined, { definition })).toEqual({ n: '3', big: '', small: 's', none: '' });
    expect(clearHidden({ n: '', ...all }, undefined, { definition })).toEqual({ n: '', big: '', small: '', none: 'x' });
    expect(activeBranch(group, { n: '-1' })).toBe(-1);
    expect(clearHidden({ n: '-1', ...all }, undefined, { definition })).toEqual({ n: '-1', big: '', small: '', none: '' });
  });

  test('a dependent select is cleared with its _desc when its controller changes', () => {
    const previous: Answers = { defer_plan: 'Y', defer_reason: '1', defer_term: 'SP2029', defer_term_desc: 'Spring 2029' };
    expect(clearHidden({ ...previous, defer_reason: '3' }, previous)).toMatchObject({
      defer_reason: '3',
      defer_term: '',
      defer_term_desc: '',
    });
    // Same controller value: nothing to clear.
    expect(clearHidden({ ...previous }, previous)).toMatchObject({ defer_term: 'SP2029', defer_term_desc: 'Spring 2029' });
  });

  test('a dependent select chosen again after its controller changed is kept', () => {
    const previous: Answers = { defer_plan: 'Y', defer_reason: '1', defer_term: 'SP2029' };
    expect(clearHidden({ ...previous, defer_reason: '2', defer_term: 'SP2027' }, previous)).toMatchObject({
      defer_reason: '2',
      defer_term: 'SP2027',
    });
  });

  test('a dependent select without a controller value is hidden and cleared', () => {
    expect(relevant({ defer_plan: 'Y', defer_reason: '' }).has('defer_term')).toBe(false);
    expect(relevant({ defer_plan: 'Y', defer_reason: '2' }).has('defer_term')).toBe(true);
    expect(clearHidden({ defer_plan: 'Y', defer_reason: '', defer_term: 'SP2027' })).toMatchObject({ defer_term: '' });
  });

  test('ui state: instances beyond the add-another count and unchosen tabs are hidden only when the state is known', () => {
    expect(relevant({}).has('hs_5_name')).toBe(true);
    expect(relevant({}, { ui: { addAnother: { 'high-schools': 2 } } }).has('hs_2_name')).toBe(true);
    expect(relevant({}, { ui: { addAnother: { 'high-schools': 2 } } }).has('hs_3_name')).toBe(false);
    expect(clearHidden({ hs_3_name: 'Alta High School' }, undefined, { ui: { addAnother: { 'high-schools': 2 } } })).toEqual({
      hs_3_name: '',
    });
    const tabbed: FormDefinition = {
      pages: [
        {
          id: 'about',
          path: '/about',
          title: 'T',
          navLabel: 'N',
          shortNavLabel: 'S',
          children: [
            {
              tabs: 't',
              label: 'Tabs',
              defaultTab: 'a',
              items: [
                { id: 'a', label: 'A', children: [{ kind: 'text', key: 'ka', label: 'KA' }] },
                { id: 'b', label: 'B', children: [{ kind: 'text', key: 'kb', label: 'KB' }] },
              ],
            },
          ],
        },
      ],
    };
    expect(clearHidden({ ka: '1', kb: '2' }, undefined, { definition: tabbed })).toEqual({ ka: '1', kb: '2' });
    expect(clearHidden({ ka: '1', kb: '2' }, undefined, { definition: tabbed, ui: { tabs: { t: 'b' } } })).toEqual({ ka: '', kb: '2' });
  });
});

describe('relevant', () => {
  test('lists the visible questions of a fresh application', () => {
    const visible = relevant({});
    for (const key of [
      'first_name',
      'phone_home',
      'address_line_1',
      'parent_communication_preference',
      'armed_forces',
      'entry_term',
      'housing_plan',
      'hs_name',
      'legal_agree',
    ]) {
      expect(visible.has(key)).toBe(true);
    }
    for (const key of [
      'state_legal_residency',
      'free_lunch',
      'citizenship',
      'alien_registration_number',
      'parent_first_name',
      'parent_2_first_name',
      'parent_address_line_1',
      'branch_served',
      'defer_reason',
      'defer_term',
    ]) {
      expect(visible.has(key)).toBe(false);
    }
  });

  test.each([
    [{ citizenship_type: '2' }, ['citizenship', 'alien_registration_number'], []],
    [{ citizenship_type: '3' }, ['citizenship'], ['alien_registration_number']],
    [
      { parent_communication_preference: '1', parent_addr_same_as_stu_perm: 'N' },
      ['parent_first_name', 'parent_address_line_1', 'parent_country'],
      ['parent_2_first_name'],
    ],
    [
      { parent_communication_preference: '2' },
      ['parent_first_name', 'parent_2_first_name', 'parent_2_communication_preference'],
      ['parent_2_address_line_1'],
    ],
    [{ armed_forces: 'Y', spouse_forces: 'Y' }, ['branch_served', 'spouse_forces', 'veteran_relation'], []],
  ] as const)('%j shows %j and hides %j', (answers, shown, hidden) => {
    const visible = relevant(answers);
    for (const key of shown) expect(visible.has(key)).toBe(true);
    for (const key of hidden) expect(visible.has(key)).toBe(false);
  });
});
