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

// One collator for the whole sort: localeCompare with a locale builds one per comparison, and the ~1,900
// comparisons of this sort took 80 ms at module load on a phone (CPU slowed 4×), a long task as the form hydrated.
const englishOrder = new Intl.Collator('en');
const byName = Object.entries(english.countries as Record<string, string | string[]>)
  .map(([code, names]): Option => ({ value: code, label: countryName(code, names) }))
  .sort((a, b) => englishOrder.compare(a.label, b.label));

/** ISO 3166-1 alpha-2 codes as values; the United States first (§3), the rest by English name. */
export const COUNTRIES: readonly Option[] = [
  ...byName.filter((option) => option.value === UNITED_STATES),
  ...byName.filter((option) => option.value !== UNITED_STATES),
];

/** The same list without the United States (e.g. country of citizenship for non-citizens). */
export const COUNTRIES_WITHOUT_US: readonly Option[] = byName.filter((option) => option.value !== UNITED_STATES);
