import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { formDefinition } from '../definition.js';
import { allFields } from '../fields.js';
import { COUNTRIES } from '../data/countries.js';
import { COUNTRIES_ES } from '../data/countries-es.js';
import { DEFER_REASONS, HOUSING_PLANS, MAJOR_OPTIONS, MONTHS, YES_NO } from '../options.js';
import { STATES_AND_PROVINCES } from '../data/states.js';
import { fixedMessages, spanishMessage } from './messages-es.js';
import { SPANISH_SUFFIX } from './localize.js';

/**
 * The form's Spanish, by English text, from where it is written: the definition's `…Es` siblings, the option lists,
 * the countries' Spanish names and the validation messages (docs/i18n.md). The server sets it at start
 * (pages/+onRenderHtml.tsx) and gives it to a Spanish form page's island as JSON; the browser's build has none of it.
 * `conflicts` lists English texts written with two different Spanish ones (test/unit/i18n-form-table.test.ts keeps it empty).
 */
export function spanishTable(): { texts: Record<string, string>; conflicts: string[] } {
  const texts = new Map<string, string>();
  const conflicts: string[] = [];
  const add = (en: unknown, es: unknown) => {
    if (typeof en !== 'string' || typeof es !== 'string' || en === '' || es === '') return;
    const known = texts.get(en);
    if (known !== undefined && known !== es) conflicts.push(`${en}: ${known} / ${es}`);
    else texts.set(en, es);
  };
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object' || value instanceof RegExp) return;
    const node = value as Record<string, unknown>;
    for (const [name, inner] of Object.entries(node)) {
      if (name.endsWith(SPANISH_SUFFIX)) add(node[name.slice(0, -SPANISH_SUFFIX.length)], inner);
      else walk(inner);
    }
  };
  const definition = formDefinition();
  walk(definition.pages);
  walk(allFields(definition).map((field) => field.question));
  // Every named list (the definition names them; the browser's copies have no `labelEs` string siblings).
  walk([YES_NO, HOUSING_PLANS, DEFER_REASONS, MAJOR_OPTIONS, MONTHS, STATES_AND_PROVINCES]);
  const spanishByCode = new Map(COUNTRIES_ES.map((option) => [option.value, option.label]));
  for (const option of COUNTRIES) add(option.label, spanishByCode.get(option.value));
  // A country's other English names (the library lists some twice), in case a list shows one of them.
  for (const [code, names] of Object.entries(english.countries as Record<string, string | string[]>)) {
    for (const name of ([] as string[]).concat(names)) if (!texts.has(name)) add(name, spanishByCode.get(code));
  }
  for (const message of fixedMessages()) add(message, spanishMessage(message));
  return { texts: Object.fromEntries(texts), conflicts };
}
