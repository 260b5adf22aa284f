/** clearHidden and relevant: which answers survive a condition turning false, and which questions show. */
import { describe, expect, test } from '@jest/globals';
import { activeBranch, clearHidden, relevant } from '../../form/conditions.js';
import type { Answers, FormDefinition, Group } from '../../form/types.js';

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
