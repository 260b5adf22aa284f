import { describe, expect, test } from '@jest/globals';
import { formDefinition } from '../../form/definition.js';
import { allFields, optionsFor } from '../../form/fields.js';
import { resolveOptions } from '../../form/options.js';
import { fixedMessages, spanishMessage } from '../../form/i18n/messages-es.js';
import { localizeMessage } from '../../form/i18n/localize-message.js';
import { maxLengthMessage, notAnOptionMessage, requiredMessage, typeMessage } from '../../form/messages.js';
import { STATES_AND_PROVINCES } from '../../form/data/states.js';
import { COUNTRIES, COUNTRIES_WITHOUT_US } from '../../form/data/countries.js';
import type { Option } from '../../form/types.js';
import { setSpanishTexts } from '../../form/i18n/spanish-texts.js';
import { spanishTable } from '../../form/i18n/spanish-table.js';

/**
 * Issue 41: every text of the form definition carries its Spanish beside it (docs/i18n.md). A question, section,
 * page, option, tab, repeater or confirmation added in English only fails here, naming where it is.
 */

/** The definition's texts people read; `printLabel` is the office's (English) and has no Spanish. */
const TEXT_PROPERTIES = [
  'label',
  'hint',
  'title',
  'description',
  'navLabel',
  'shortNavLabel',
  'addLabel',
  'triggerLabel',
  'legend',
  'content',
];

/** Where an English text has no `…Es` sibling: a path into the definition, and the text. */
function missingSpanish(value: unknown, path: string, out: string[]): string[] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => missingSpanish(item, `${path}[${i}]`, out));
    return out;
  }
  if (value === null || typeof value !== 'object' || value instanceof RegExp) return out;
  const node = value as Record<string, unknown>;
  for (const name of TEXT_PROPERTIES) {
    const english = node[name];
    const spanish = node[`${name}Es`];
    if (typeof english === 'string' && english !== '' && (typeof spanish !== 'string' || spanish.trim() === '')) {
      out.push(`${path}.${name}: ${english}`);
    }
  }
  if (typeof node.instanceTitle === 'function' && typeof node.instanceTitleEs !== 'function') out.push(`${path}.instanceTitle`);
  for (const [name, inner] of Object.entries(node)) if (!name.endsWith('Es')) missingSpanish(inner, `${path}.${name}`, out);
  return out;
}

// As the server does at start (pages/+onRenderHtml.tsx), and a Spanish page's island from its JSON.
const table = spanishTable();
setSpanishTexts(table.texts);
const english = formDefinition();
const spanish = formDefinition('es');

describe('the form definition in Spanish', () => {
  test('every page, section, question, block, option, tab, repeater and confirmation text has its Spanish sibling', () => {
    expect(missingSpanish(english.pages, 'pages', [])).toEqual([]);
  });

  test('the Spanish by English text (what a Spanish page gives its island) has one Spanish for each English text', () => {
    expect(table.conflicts).toEqual([]);
    expect(table.texts['Legal Sex at Birth']).toBe('Sexo legal al nacer');
    expect(table.texts.Germany).toBe('Alemania');
    expect(table.texts['Accounting (BS)']).toBe('Contabilidad (BS)');
  });

  test("every option a Spanish page's browser shows has its Spanish in that table (the browser's lists carry no labelEs)", () => {
    const missing = allFields(english).flatMap(({ question }) => {
      const options = optionsFor(question, {});
      if (options === STATES_AND_PROVINCES || options.every((o) => /^\d{4}$/.test(o.label))) return [];
      // Terms are made in code with their Spanish; everything else is looked up by its English label.
      return options
        .filter((o) => !/^(Spring|Summer|Fall) \d{4}$/.test(o.label) && !table.texts[o.label])
        .map((o) => `${question.key}: ${o.label}`);
    });
    expect([...new Set(missing)]).toEqual([]);
  });

  test('every question the blocks expand to (addresses, schools, month and year, check groups) has its Spanish too', () => {
    const missing = allFields(english).flatMap(({ question }) => missingSpanish(question, question.key, []));
    expect(missing).toEqual([]);
  });

  test('the Spanish definition shows the Spanish: no question keeps an English label or hint where a Spanish one exists', () => {
    const spanishFields = new Map(allFields(spanish).map((f) => [f.question.key, f.question]));
    for (const { question } of allFields(english)) {
      const shown = spanishFields.get(question.key)!;
      expect(shown.label).toBe(question.labelEs);
      if (question.hint) expect(shown.hint).toBe(question.hintEs);
    }
    expect(spanish.pages.map((p) => p.title)).toEqual(['Sobre ti', 'Tu historial académico', 'Pasos finales']);
  });

  test('keys, values and rules are the same in both languages: what is stored does not depend on the reader', () => {
    const keys = (d: typeof english) => allFields(d).map((f) => [f.question.key, f.page, JSON.stringify(f.question.required ?? false)]);
    expect(keys(spanish)).toEqual(keys(english));
    for (const [index, { question }] of allFields(english).entries()) {
      const values = (o: readonly Option[]) => o.map((option) => option.value).sort();
      expect(values(optionsFor(allFields(spanish)[index]!.question, {}))).toEqual(values(optionsFor(question, {})));
    }
  });

  test('every option of every list has a Spanish label; place names (states, provinces) may read the same', () => {
    const untranslated = allFields(english).flatMap(({ question }) => {
      const options = optionsFor(question, {});
      if (options === STATES_AND_PROVINCES || options === COUNTRIES || options === COUNTRIES_WITHOUT_US) return [];
      // Year lists are numbers.
      if (options.every((o) => /^\d{4}$/.test(o.label))) return [];
      return options.filter((o) => !o.labelEs).map((o) => `${question.key}: ${o.label}`);
    });
    expect([...new Set(untranslated)]).toEqual([]);
  });

  test('countries resolve to their Spanish names, ordered by them, the United States first', () => {
    const country = allFields(spanish).find((f) => f.question.key === 'country')!.question;
    const options = optionsFor(country, {});
    expect(options[0]).toEqual({ value: 'US', label: 'Estados Unidos' });
    expect(options.find((o) => o.value === 'DE')?.label).toBe('Alemania');
    expect(options.length).toBe(resolveOptions({ list: 'countries' }).length);
  });
});

describe('validation messages in Spanish', () => {
  test('every fixed message of form/messages.ts has its Spanish', () => {
    const same = fixedMessages().filter((message) => spanishMessage(message) === message);
    expect(same).toEqual([]);
  });

  test('every message the definition names (checks, required and invalid messages) is one of them', () => {
    const messages = allFields(english).flatMap(({ question }) => [
      ...(question.requiredMessage ? [question.requiredMessage] : []),
      ...(question.invalidMessage ? [question.invalidMessage] : []),
      ...(question.checks ?? []).map((check) => check.message),
    ]);
    expect(messages.filter((message) => spanishMessage(message) === message)).toEqual([]);
  });

  test('the generic messages name the question by its Spanish label, for every question', () => {
    for (const { question } of allFields(english)) {
      for (const message of [
        requiredMessage(question.label),
        maxLengthMessage(question.label, 100),
        notAnOptionMessage(question.label),
        typeMessage(question.label, 'text'),
      ]) {
        const shown = localizeMessage(message, 'es');
        expect(shown).not.toBe(message);
        expect(shown).toContain(`"${question.labelEs}"`);
      }
    }
    expect(localizeMessage(requiredMessage('First Name'), 'es')).toBe('El campo "Nombre" es obligatorio.');
  });
});
