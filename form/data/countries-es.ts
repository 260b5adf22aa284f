import type { Option } from '../types.js';
// The Spanish names, beside the English ones of countries.ts (about 2.7 KB gzip, in the form's chunk for both
// languages: docs/i18n.md weighs it against a per-language chunk).
import spanish from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import { UNITED_STATES } from './countries.js';

/** Names an admissions office in the United States uses where the ISO name reads oddly on a form. */
const PREFERRED_NAMES_ES: Readonly<Record<string, string>> = {
  US: 'Estados Unidos',
  TW: 'Taiwán',
  MK: 'Macedonia del Norte',
};

const sortKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const byName = Object.entries(spanish.countries as Record<string, string | string[]>)
  .map(([code, names]) => {
    const label = PREFERRED_NAMES_ES[code] ?? (typeof names === 'string' ? names : (names[0] ?? code));
    return { option: { value: code, label } as Option, key: sortKey(label) };
  })
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  .map((entry) => entry.option);

/** The countries in Spanish, ordered by their Spanish names; the United States first, as in English (§3). */
export const COUNTRIES_ES: readonly Option[] = [
  ...byName.filter((option) => option.value === UNITED_STATES),
  ...byName.filter((option) => option.value !== UNITED_STATES),
];

export const COUNTRIES_WITHOUT_US_ES: readonly Option[] = byName.filter((option) => option.value !== UNITED_STATES);
