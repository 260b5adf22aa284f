import { COUNTRIES, COUNTRIES_WITHOUT_US } from './data/countries.js';
import { spanishText } from './i18n/spanish-texts.js';
import { MAJORS } from './data/majors.js';
import { STATES_AND_PROVINCES } from './data/states.js';
import { admissionFallYear, admissionTerms } from './admission-cycle.js';
import type { Option, OptionListName, OptionsSource, YearList } from './types.js';

/** §3 yes/no: stored 'Y' / 'N', shown (and stored in _desc) as 'Yes' / 'No'. */
export const YES_NO: readonly Option[] = [
  { value: 'Y', label: 'Yes', labelEs: 'Sí' },
  { value: 'N', label: 'No', labelEs: 'No' },
];

export const HOUSING_PLANS: readonly Option[] = [
  { value: '1', label: 'On campus', labelEs: 'En el campus' },
  { value: '2', label: 'Off campus', labelEs: 'Fuera del campus' },
  { value: '3', label: 'With family', labelEs: 'Con mi familia' },
  { value: '4', label: 'Unsure', labelEs: 'No lo sé todavía' },
];

export const DEFER_REASONS: readonly Option[] = [
  { value: '1', label: 'Church service', labelEs: 'Servicio religioso' },
  { value: '2', label: 'Internship', labelEs: 'Prácticas profesionales' },
  { value: '3', label: 'Military', labelEs: 'Servicio militar' },
];

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const MONTH_NAMES_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** §3 months: values '1'–'12', labels January–December. */
export const MONTHS: readonly Option[] = MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label, labelEs: MONTH_NAMES_ES[i] }));

export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? '';
}

export function monthNameEs(month: number): string {
  return MONTH_NAMES_ES[month - 1] ?? '';
}

export const MAJOR_OPTIONS: readonly Option[] = MAJORS.map((major) => ({ value: major.code, label: major.name, labelEs: major.nameEs }));

export { COUNTRIES, COUNTRIES_WITHOUT_US, STATES_AND_PROVINCES };

const NAMED_LISTS: Readonly<Record<string, readonly Option[]>> = {
  yesNo: YES_NO,
  countries: COUNTRIES,
  countriesWithoutUS: COUNTRIES_WITHOUT_US,
  statesAndProvinces: STATES_AND_PROVINCES,
  months: MONTHS,
  housingPlans: HOUSING_PLANS,
  deferReasons: DEFER_REASONS,
  majors: MAJOR_OPTIONS,
};

/** Lists of the admission cycle (form/admission-cycle.ts): they depend on today and the operator's setting. */
const CYCLE_LISTS: Readonly<Record<string, (fallYear: number) => readonly Option[]>> = {
  entryTerms: (fallYear) => admissionTerms(fallYear).entry,
  deferTerms: (fallYear) => admissionTerms(fallYear).defer,
  // An internship is a shorter absence than church or military service: the first four deferral terms.
  deferTermsShort: (fallYear) => shortDeferTerms(fallYear),
};

const shortLists = new Map<number, readonly Option[]>();
function shortDeferTerms(fallYear: number): readonly Option[] {
  let list = shortLists.get(fallYear);
  if (!list) {
    list = Object.freeze(admissionTerms(fallYear).defer.slice(0, 4));
    shortLists.set(fallYear, list);
  }
  return list;
}

export function isNamedList(name: OptionListName): boolean {
  return Object.hasOwn(NAMED_LISTS, name) || Object.hasOwn(CYCLE_LISTS, name);
}

/**
 * §3 year lists: `count` years from `start` (default: the current year of `now`) going back (past) or
 * forward (future). Values and labels are the year as text.
 */
export function yearOptions(years: YearList['years'], now: Date = new Date()): Option[] {
  const start = years.start ?? now.getFullYear();
  const step = years.direction === 'past' ? -1 : 1;
  return Array.from({ length: Math.max(0, years.count) }, (_, i) => {
    const year = String(start + i * step);
    return { value: year, label: year };
  });
}

// Year lists resolved once per (start, direction, count): the same array each time, like a named list, so
// what is derived from a list's identity (the server's rendered <option>s) is computed once per year.
const yearLists = new Map<string, readonly Option[]>();

/** Lists ordered by their names: in Spanish, by the Spanish names (the United States stays first, §3). */
const SORTED_BY_NAME = new Set(['countries', 'countriesWithoutUS']);

const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const spanishLists = new WeakMap<readonly Option[], readonly Option[]>();
/**
 * A named list in Spanish (a source the localized definition marks `lang: 'es'`): each option's `labelEs`, else the
 * Spanish table's text for its label (form/i18n/spanish-texts.ts), else its label (place names read the same).
 */
function inSpanish(list: readonly Option[], name: string): readonly Option[] {
  let spanish = spanishLists.get(list);
  if (!spanish) {
    const translated = list.map((option) => {
      const label = option.labelEs ?? spanishText(option.label);
      return label ? { value: option.value, label } : option;
    });
    if (SORTED_BY_NAME.has(name)) {
      const first = translated.filter((o) => o.value === 'US');
      const rest = translated.filter((o) => o.value !== 'US').sort((a, b) => (nameKey(a.label) < nameKey(b.label) ? -1 : 1));
      spanish = Object.freeze([...first, ...rest]);
    } else spanish = Object.freeze(translated);
    // Kept only once the table is there (a list resolved before would otherwise stay English).
    if (translated.some((o, i) => o !== list[i])) spanishLists.set(list, spanish);
  }
  return spanish;
}

/** The options of a source: an inline list, a named list, or a year list. An unknown name gives [] (checkDefinition reports it). */
export function resolveOptions(source: OptionsSource, now: Date = new Date()): readonly Option[] {
  if (Array.isArray(source)) return source;
  if ('list' in source) {
    const list = NAMED_LISTS[source.list] ?? CYCLE_LISTS[source.list]?.(admissionFallYear(now)) ?? [];
    if (source.lang !== 'es') return list;
    return inSpanish(list, source.list);
  }
  const { years } = source as YearList;
  const key = `${years.start ?? now.getFullYear()}|${years.direction}|${years.count}`;
  let list = yearLists.get(key);
  if (!list) {
    list = Object.freeze(yearOptions(years, now));
    if (yearLists.size > 100) yearLists.clear();
    yearLists.set(key, list);
  }
  return list;
}

/** The visible label of a stored value, or '' when the value is not one of the options. */
export function optionLabel(source: OptionsSource, value: string, now: Date = new Date()): string {
  return resolveOptions(source, now).find((option) => option.value === value)?.label ?? '';
}
