import type { Option } from '../types.js';
// Only the English names (about 2.6 KB gzip): the library's entry point would also pull in its
// alpha-3/numeric tables and a diacritics helper the browser does not need.
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

/** Names an admissions office uses where the ISO official name reads oddly on a form. */
const PREFERRED_NAMES: Readonly<Record<string, string>> = {
  US: 'United States',
  TW: 'Taiwan',
  MK: 'North Macedonia',
};

export const UNITED_STATES = 'US';

function countryName(code: string, names: string | readonly string[]): string {
  return PREFERRED_NAMES[code] ?? (typeof names === 'string' ? names : (names[0] ?? code));
}

/**
 * The name without accents, lower-cased: for these names it orders exactly as English collation does
 * (test/unit/form-options.test.ts checks against Intl.Collator). Collation itself is not used here: a phone's first
 * Intl.Collator loads the collation data, 55–75 ms at 4× CPU slowdown, one long task as the form island loads.
 */
function sortKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const byName = Object.entries(english.countries as Record<string, string | string[]>)
  .map(([code, names]) => {
    const label = countryName(code, names);
    return { option: { value: code, label } as Option, key: sortKey(label) };
  })
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  .map((entry) => entry.option);

/** ISO 3166-1 alpha-2 codes as values; the United States first (§3), the rest by English name. */
export const COUNTRIES: readonly Option[] = [
  ...byName.filter((option) => option.value === UNITED_STATES),
  ...byName.filter((option) => option.value !== UNITED_STATES),
];

/** The same list without the United States (e.g. country of citizenship for non-citizens). */
export const COUNTRIES_WITHOUT_US: readonly Option[] = byName.filter((option) => option.value !== UNITED_STATES);
