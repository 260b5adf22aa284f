import type { Block, Check, Node, Question, Repeater, Rule } from './types.js';
import { MONTHS } from './options.js';
import { MESSAGES } from './messages.js';
import { defaultCount } from './ui-defaults.js';
import { localizeNode } from './i18n/localize.js';

/** §3: prefixing joins prefix and key with an underscore; no prefix leaves the key as it is. */
export function prefixed(prefix: string | undefined, key: string): string {
  return prefix ? `${prefix}_${key}` : key;
}

/** §2 address block default labels. */
export const ADDRESS_LABELS = {
  address_line_1: 'Address',
  address_line_2: 'Apt. #',
  city: 'City',
  state: 'State/Province',
  zip: 'ZIP/Postal Code',
  country: 'Country',
} as const;

/** The Spanish of ADDRESS_LABELS (docs/i18n.md). */
export const ADDRESS_LABELS_ES: Readonly<Record<keyof typeof ADDRESS_LABELS, string>> = {
  address_line_1: 'Dirección',
  address_line_2: 'Depto. n.º',
  city: 'Ciudad',
  state: 'Estado/provincia',
  zip: 'Código postal (ZIP)',
  country: 'País',
};

const US = 'US';
const STATE_REQUIRED_COUNTRIES = ['US', 'CA'];
const ZIP_MIN = 5;

function withPrefix<Q extends Question>(question: Q, prefix: string | undefined): Q {
  return prefix ? { ...question, prefix } : question;
}

/**
 * §2 address block: address_line_1, address_line_2, city, state, zip and (only when configured) country.
 * §5: state is required when the block's country is US or CA, ZIP when it is US, and a US ZIP has at least
 * 5 characters. Without a country field the address is taken as a US one. `required` makes the street,
 * city and country required (the applicant's permanent address).
 */
function expandAddress(block: Extract<Block, { block: 'address' }>): Question[] {
  const k = (base: string) => prefixed(block.prefix, base);
  const labels = { ...ADDRESS_LABELS, ...block.labels };
  const withCountry = block.withCountry === true;
  const required = block.required === true;
  const isUs: Rule | undefined = withCountry ? { valueKey: k('country'), operator: 'equals', target: US } : undefined;
  const stateRequired: boolean | Rule = withCountry
    ? { valueKey: k('country'), operator: 'in', target: STATE_REQUIRED_COUNTRIES }
    : required;
  const zipCheck: Check = { check: 'minLength', min: ZIP_MIN, message: MESSAGES.zipMinLength, ...(isUs ? { when: isUs } : {}) };
  // Browser autofill tokens only for the applicant's own (unprefixed) address: a parent's address must not be filled with the applicant's.
  const auto = (token: string) => (block.prefix ? {} : { autoComplete: token });
  const fills: Record<string, string> = {
    address_line_1: k('address_line_1'),
    address_line_2: k('address_line_2'),
    city: k('city'),
    state: k('state'),
    zip: k('zip'),
    ...(withCountry ? { country: k('country') } : {}),
  };
  const line1: Question = block.autocomplete
    ? {
        kind: 'autocomplete',
        category: 'address',
        fills,
        key: k('address_line_1'),
        label: labels.address_line_1,
        labelEs: ADDRESS_LABELS_ES.address_line_1,
        required,
        ...auto('address-line1'),
      }
    : {
        kind: 'text',
        key: k('address_line_1'),
        label: labels.address_line_1,
        labelEs: ADDRESS_LABELS_ES.address_line_1,
        required,
        ...auto('address-line1'),
      };
  const questions: Question[] = [
    line1,
    {
      kind: 'text',
      key: k('address_line_2'),
      label: labels.address_line_2,
      labelEs: ADDRESS_LABELS_ES.address_line_2,
      ...auto('address-line2'),
    },
    { kind: 'text', key: k('city'), label: labels.city, labelEs: ADDRESS_LABELS_ES.city, required, ...auto('address-level2') },
    {
      kind: 'select',
      key: k('state'),
      label: labels.state,
      labelEs: ADDRESS_LABELS_ES.state,
      options: { list: 'statesAndProvinces' },
      required: stateRequired,
      ...auto('address-level1'),
    },
    {
      kind: 'text',
      key: k('zip'),
      label: labels.zip,
      labelEs: ADDRESS_LABELS_ES.zip,
      maxLength: 10,
      required: isUs ?? required,
      checks: [zipCheck],
      ...auto('postal-code'),
    },
  ];
  if (withCountry)
    questions.push({
      kind: 'select',
      key: k('country'),
      label: labels.country,
      labelEs: ADDRESS_LABELS_ES.country,
      options: { list: 'countries' },
      required,
      ...auto('country'),
    });
  return questions.map((q) => withPrefix(q, block.prefix));
}

/**
 * §2 school block: name (searching the school lookup), address_line_1, city, state, zip, ceeb and an optional
 * country. Only the name can be required: the rest comes from the lookup or is typed when the school is not listed.
 */
function expandSchool(block: Extract<Block, { block: 'school' }>): Question[] {
  const k = (base: string) => prefixed(block.prefix, base);
  const category = block.category ?? 'hs_ceeb';
  const fills: Record<string, string> = {
    name: k('name'),
    ceeb: k('ceeb'),
    address_line_1: k('address_line_1'),
    city: k('city'),
    state: k('state'),
    zip: k('zip'),
    ...(block.withCountry ? { country: k('country') } : {}),
  };
  const questions: Question[] = [
    {
      kind: 'autocomplete',
      category,
      fills,
      key: k('name'),
      label: category === 'hs_ceeb' ? 'Search for Your School' : 'Search for Your College',
      labelEs: category === 'hs_ceeb' ? 'Busca tu escuela' : 'Busca tu universidad',
      // The label asks to search; the record (staff view, PDF, review) names what the answer is.
      printLabel: category === 'hs_ceeb' ? 'School Name' : 'College Name',
      hint: 'Start typing the name and choose your school from the list. If it is not listed, type its full name and fill in the details below.',
      hintEs:
        'Empieza a escribir el nombre y elige tu escuela de la lista. Si no aparece, escribe su nombre completo y llena los datos de abajo.',
      maxLength: 100,
      required: block.required === true,
    },
    { kind: 'text', key: k('address_line_1'), label: ADDRESS_LABELS.address_line_1, labelEs: ADDRESS_LABELS_ES.address_line_1 },
    { kind: 'text', key: k('city'), label: ADDRESS_LABELS.city, labelEs: ADDRESS_LABELS_ES.city },
    {
      kind: 'select',
      key: k('state'),
      label: ADDRESS_LABELS.state,
      labelEs: ADDRESS_LABELS_ES.state,
      options: { list: 'statesAndProvinces' },
    },
    { kind: 'text', key: k('zip'), label: ADDRESS_LABELS.zip, labelEs: ADDRESS_LABELS_ES.zip, maxLength: 10 },
    {
      kind: 'text',
      key: k('ceeb'),
      label: 'CEEB Code',
      labelEs: 'Código CEEB',
      hint: 'Filled in when you choose your school from the list.',
      hintEs: 'Se llena cuando eliges tu escuela de la lista.',
      maxLength: 6,
      inputMode: 'numeric',
    },
  ];
  if (block.withCountry)
    questions.push({
      kind: 'select',
      key: k('country'),
      label: ADDRESS_LABELS.country,
      labelEs: ADDRESS_LABELS_ES.country,
      options: { list: 'countries' },
    });
  return questions.map((q) => withPrefix(q, block.prefix));
}

/** The plain questions a composite block stands for, in display order. The block's own showWhen stays on the block. */
export function expandBlock(block: Block): Question[] {
  const questions = expandInEnglish(block);
  return block.lang === 'es' ? localizeNode(questions, 'es') : questions;
}

function expandInEnglish(block: Block): Question[] {
  switch (block.block) {
    case 'address':
      return expandAddress(block);
    case 'school':
      return expandSchool(block);
    case 'monthYear': {
      const required = block.required === true;
      return [
        {
          kind: 'select',
          key: block.monthKey,
          label: 'Month',
          labelEs: 'Mes',
          printLabel: `${block.label} (month)`,
          options: MONTHS,
          required,
        },
        {
          kind: 'select',
          key: block.yearKey,
          label: 'Year',
          labelEs: 'Año',
          printLabel: `${block.label} (year)`,
          options: { years: block.years },
          required,
        },
      ];
    }
    case 'checkGroup':
      return block.items.map((item): Question => ({
        kind: 'checkbox',
        key: item.key,
        label: item.label,
        ...(item.labelEs ? { labelEs: item.labelEs } : {}),
        printLabel: `${block.legend}: ${item.label}`,
      }));
  }
}

function joinPrefix(outer: string, inner: string | undefined): string | undefined {
  if (!outer) return inner;
  return inner ? `${outer}_${inner}` : outer;
}

/** Every answer key a list of nodes defines, before any prefix of an enclosing repeater. */
export function localKeys(nodes: readonly Node[]): Set<string> {
  const keys = new Set<string>();
  const visit = (node: Node): void => {
    if ('kind' in node) keys.add(node.key);
    else if ('block' in node) for (const q of expandBlock(node)) keys.add(q.key);
    else if ('section' in node) node.children.forEach(visit);
    else if ('group' in node) node.branches.forEach((b) => b.children.forEach(visit));
    else if ('repeater' in node) node.template.forEach(visit);
    else if ('tabs' in node) node.items.forEach((item) => item.children.forEach(visit));
    else if ('trigger' in node) {
      if (node.checkbox) keys.add(node.checkbox.key);
      [...node.before, ...(node.optional ?? []), ...node.after].forEach(visit);
    }
  };
  nodes.forEach(visit);
  return keys;
}

/**
 * Applies an instance prefix to template nodes: keys defined inside the template get `prefix_`, and so do the
 * conditions, controllers and autocomplete targets that point at them; keys outside the template are left alone.
 * `optional` drops requiredness (repeater instances beyond the default count are extras the applicant chose to add).
 */
export function prefixNodes(nodes: readonly Node[], prefix: string, options: { optional?: boolean } = {}): Node[] {
  const local = localKeys(nodes);
  const key = (k: string) => (local.has(k) ? prefixed(prefix, k) : k);
  const id = (i: string) => prefixed(prefix, i);
  const rule = (r: Rule): Rule => {
    if ('all' in r) return { all: r.all.map(rule) };
    if ('any' in r) return { any: r.any.map(rule) };
    return { ...r, valueKey: key(r.valueKey) };
  };
  const maybeRule = <T extends { showWhen?: Rule }>(x: T): T => (x.showWhen ? { ...x, showWhen: rule(x.showWhen) } : x);
  const required = (r: boolean | Rule | undefined): boolean | Rule | undefined =>
    options.optional ? undefined : r === undefined || typeof r === 'boolean' ? r : rule(r);
  const question = <Q extends Question>(q: Q): Q => {
    const out: Question = maybeRule({ ...q, key: key(q.key) });
    const p = joinPrefix(prefix, q.prefix);
    if (p) out.prefix = p;
    const req = required(q.required);
    if (req === undefined) delete out.required;
    else out.required = req;
    if (q.checks) out.checks = q.checks.map((c) => ('when' in c && c.when ? { ...c, when: rule(c.when) } : c));
    if (out.kind === 'dependentSelect') out.controller = key(out.controller);
    if (out.kind === 'autocomplete')
      out.fills = Object.fromEntries(Object.entries(out.fills).map(([field, target]) => [field, key(target)]));
    return out as Q;
  };
  const node = (n: Node): Node => {
    if ('kind' in n) return question(n);
    if ('block' in n) {
      const b = maybeRule(n);
      switch (b.block) {
        case 'address':
        case 'school': {
          const p = joinPrefix(prefix, b.prefix);
          const out = { ...b, ...(p ? { prefix: p } : {}) };
          if (options.optional) delete out.required;
          return out;
        }
        case 'monthYear': {
          const out = { ...b, monthKey: key(b.monthKey), yearKey: key(b.yearKey) };
          if (options.optional) delete out.required;
          return out;
        }
        case 'checkGroup':
          return { ...b, items: b.items.map((item) => ({ ...item, key: key(item.key) })) };
      }
    }
    if ('section' in n) return maybeRule({ ...n, section: id(n.section), children: n.children.map(node) });
    if ('group' in n)
      return { ...n, group: id(n.group), branches: n.branches.map((b) => ({ when: rule(b.when), children: b.children.map(node) })) };
    if ('repeater' in n) return { ...n, repeater: id(n.repeater), template: n.template.map(node) };
    if ('tabs' in n) return { ...n, tabs: id(n.tabs), items: n.items.map((item) => ({ ...item, children: item.children.map(node) })) };
    if ('trigger' in n) {
      const out = { ...n, trigger: id(n.trigger), before: n.before.map(node), after: n.after.map(node) };
      if (n.optional) out.optional = n.optional.map(node);
      if (n.checkbox) out.checkbox = question(n.checkbox);
      return out;
    }
    return maybeRule({ ...n, id: id(n.id) });
  };
  return nodes.map(node);
}

/** The nodes of one add-another instance (0-based): the template under `prefixes[index]`. */
export function repeaterInstance(repeater: Repeater, index: number): Node[] {
  const prefix = repeater.prefixes[index] ?? `${repeater.repeater}_${index + 1}`;
  return prefixNodes(repeater.template, prefix, { optional: index >= defaultCount(repeater) });
}
