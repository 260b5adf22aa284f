import { describe, expect, test } from '@jest/globals';
import { expandBlock, prefixNodes, repeaterInstance } from '../../form/blocks.js';
import { prefixed } from '../../form/address-blocks.js';
import { MESSAGES } from '../../form/messages.js';
import type { Block, Node, Question, Repeater } from '../../form/types.js';

const keysAndLabels = (questions: Question[]) => questions.map((q) => [q.key, q.label]);

describe('§3 prefixing', () => {
  test.each([
    ['parent_2', 'first_name', 'parent_2_first_name'],
    ['hs', 'name', 'hs_name'],
    ['', 'city', 'city'],
    [undefined, 'city', 'city'],
  ])('prefix %j + key %j → %j', (prefix, key, expected) => {
    expect(prefixed(prefix, key)).toBe(expected);
  });
});

describe('§2 address block', () => {
  test('fields and default labels; country only when configured', () => {
    expect(keysAndLabels(expandBlock({ block: 'address' }))).toEqual([
      ['address_line_1', 'Address'],
      ['address_line_2', 'Apt. #'],
      ['city', 'City'],
      ['state', 'State/Province'],
      ['zip', 'ZIP/Postal Code'],
    ]);
    expect(keysAndLabels(expandBlock({ block: 'address', withCountry: true })).at(-1)).toEqual(['country', 'Country']);
  });

  test('a prefix prefixes every key, records itself, and the conditions follow the prefixed country', () => {
    const questions = expandBlock({ block: 'address', prefix: 'parent_2', withCountry: true, labels: { address_line_1: 'Street' } });
    expect(questions.map((q) => q.key)).toEqual([
      'parent_2_address_line_1',
      'parent_2_address_line_2',
      'parent_2_city',
      'parent_2_state',
      'parent_2_zip',
      'parent_2_country',
    ]);
    expect(questions.every((q) => q.prefix === 'parent_2')).toBe(true);
    expect(questions[0]?.label).toBe('Street');
    const state = questions.find((q) => q.key === 'parent_2_state');
    expect(state?.required).toEqual({ valueKey: 'parent_2_country', operator: 'in', target: ['US', 'CA'] });
    const zip = questions.find((q) => q.key === 'parent_2_zip');
    expect(zip?.required).toEqual({ valueKey: 'parent_2_country', operator: 'equals', target: 'US' });
    expect(zip?.checks).toEqual([
      {
        check: 'minLength',
        min: 5,
        message: MESSAGES.zipMinLength,
        when: { valueKey: 'parent_2_country', operator: 'equals', target: 'US' },
      },
    ]);
  });

  test('required makes street, city and country required; autocomplete searches the address lookup', () => {
    const questions = expandBlock({ block: 'address', withCountry: true, required: true, autocomplete: true });
    const byKey = Object.fromEntries(questions.map((q) => [q.key, q]));
    expect([byKey.address_line_1?.required, byKey.address_line_2?.required, byKey.city?.required, byKey.country?.required]).toEqual([
      true,
      undefined,
      true,
      true,
    ]);
    expect(byKey.address_line_1).toMatchObject({
      kind: 'autocomplete',
      category: 'address',
      fills: { city: 'city', state: 'state', zip: 'zip', country: 'country' },
    });
  });
});

describe('§2 school block', () => {
  test('name, address_line_1, city, state, zip, ceeb and the optional country', () => {
    expect(expandBlock({ block: 'school', prefix: 'hs' }).map((q) => q.key)).toEqual([
      'hs_name',
      'hs_address_line_1',
      'hs_city',
      'hs_state',
      'hs_zip',
      'hs_ceeb',
    ]);
    expect(
      expandBlock({ block: 'school', prefix: 'hs', withCountry: true })
        .map((q) => q.key)
        .at(-1),
    ).toBe('hs_country');
  });

  test('the name searches the hs_ceeb lookup and fills the other fields', () => {
    const [name] = expandBlock({ block: 'school', prefix: 'hs_2', withCountry: true, required: true });
    expect(name).toMatchObject({
      kind: 'autocomplete',
      category: 'hs_ceeb',
      key: 'hs_2_name',
      label: 'Search for Your School',
      required: true,
    });
    expect(name?.kind === 'autocomplete' && name.fills).toEqual({
      name: 'hs_2_name',
      ceeb: 'hs_2_ceeb',
      address_line_1: 'hs_2_address_line_1',
      city: 'hs_2_city',
      state: 'hs_2_state',
      zip: 'hs_2_zip',
      country: 'hs_2_country',
    });
  });
});

describe('month-and-year pair and check group', () => {
  test('a month select (January–December) and a year select', () => {
    const block: Block = {
      block: 'monthYear',
      label: 'Graduation',
      monthKey: 'grad_month',
      yearKey: 'grad_year',
      years: { count: 4, direction: 'past' },
      required: true,
    };
    const [month, year] = expandBlock(block);
    expect(month).toMatchObject({ kind: 'select', key: 'grad_month', required: true });
    expect(month?.kind === 'select' && Array.isArray(month.options) && month.options.length).toBe(12);
    expect(year).toMatchObject({ kind: 'select', key: 'grad_year', options: { years: { count: 4, direction: 'past' } } });
  });

  test('a check group is one checkbox per item', () => {
    const questions = expandBlock({
      block: 'checkGroup',
      legend: 'Race',
      items: [
        { key: 'race_asian', label: 'Asian' },
        { key: 'race_white', label: 'White' },
      ],
    });
    expect(questions.map((q) => [q.kind, q.key])).toEqual([
      ['checkbox', 'race_asian'],
      ['checkbox', 'race_white'],
    ]);
  });
});

describe('add-another instances', () => {
  const repeater: Repeater = {
    repeater: 'schools',
    addLabel: 'Add another school',
    max: 3,
    defaultCount: 1,
    prefixes: ['hs', 'hs_2', 'hs_3'],
    instanceTitle: (i) => `School ${i + 1}`,
    template: [
      { block: 'school', required: true },
      {
        kind: 'radio',
        key: 'boarding',
        label: 'Boarding?',
        options: [{ value: 'Y', label: 'Yes' }],
        showWhen: { valueKey: 'country', operator: 'equals', target: 'GB' },
      },
      { kind: 'text', key: 'note', label: 'Note', showWhen: { valueKey: 'first_name', operator: 'answered' } },
    ],
  };

  test('each instance prefixes the template keys and the conditions on them, not keys outside the template', () => {
    const [school, boarding, note] = repeaterInstance(repeater, 1) as [Extract<Node, { block: 'school' }>, Question, Question];
    expect(school.prefix).toBe('hs_2');
    expect(boarding.key).toBe('hs_2_boarding');
    expect(boarding.prefix).toBe('hs_2');
    // 'country' is not defined by this template (the school block has no country here), so it stays as it is.
    expect(boarding.showWhen).toEqual({ valueKey: 'country', operator: 'equals', target: 'GB' });
    expect(note.showWhen).toEqual({ valueKey: 'first_name', operator: 'answered' });
  });

  test('conditions on template keys are prefixed', () => {
    const nodes = prefixNodes(
      [
        { kind: 'text', key: 'a', label: 'A' },
        { kind: 'text', key: 'b', label: 'B', showWhen: { valueKey: 'a', operator: 'answered' } },
      ],
      'x',
    );
    expect(nodes[1]).toMatchObject({ key: 'x_b', showWhen: { valueKey: 'x_a', operator: 'answered' }, prefix: 'x' });
  });

  test('instances beyond the default count are optional', () => {
    const first = repeaterInstance(repeater, 0)[0] as Extract<Node, { block: 'school' }>;
    const second = repeaterInstance(repeater, 1)[0] as Extract<Node, { block: 'school' }>;
    expect(first.required).toBe(true);
    expect(second.required).toBeUndefined();
  });
});
