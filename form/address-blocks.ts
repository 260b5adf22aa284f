import type { Block, Check, Question, Rule } from './types.js';
import { MESSAGES } from './messages.js';
import { ADDRESS_LABELS, ADDRESS_LABELS_ES } from './address-labels.js';

/** The address and school blocks of §2 as plain questions (form/blocks.ts expands the others). */

/** §3: prefixing joins prefix and key with an underscore; no prefix leaves the key as it is. */
export function prefixed(prefix: string | undefined, key: string): string {
  return prefix ? `${prefix}_${key}` : key;
}

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
export function expandAddress(block: Extract<Block, { block: 'address' }>): Question[] {
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
export function expandSchool(block: Extract<Block, { block: 'school' }>): Question[] {
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
