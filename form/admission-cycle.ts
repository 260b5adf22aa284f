import type { Option } from './types.js';

/**
 * The admission cycle: which entry term is open for application and which deferral terms follow it. By
 * default it is computed from today (the next fall that has not started yet), so the form never offers a
 * term that is already under way; an operator can pin it (`ADMISSION_CYCLE`, docs/admission-cycle.md).
 * The spec's lists (entry Fall 2026; deferral Spring 2027 through Summer 2029) are the 2025–26 cycle.
 *
 * Browser and server resolve the same lists: the server configures the setting at start-up, and the form
 * page passes the fall year it resolved to the form island, which configures the same before it renders.
 */

export type Season = 'SP' | 'SU' | 'FA';

const SEASONS: readonly { code: Season; name: string }[] = [
  { code: 'SP', name: 'Spring' },
  { code: 'SU', name: 'Summer' },
  { code: 'FA', name: 'Fall' },
];

/** The seasons in Spanish (docs/i18n.md), by code: terms are made in code, so their Spanish is too. */
const SEASON_NAMES_ES: Readonly<Record<Season, string>> = { SP: 'Primavera', SU: 'Verano', FA: 'Otoño' };

/**
 * The month and day each term starts (classes begin): used to decide whether a fall has started and whether
 * a term starts before the applicant's graduation.
 */
export const TERM_STARTS: Readonly<Record<Season, { month: number; day: number }>> = {
  SP: { month: 1, day: 6 },
  SU: { month: 5, day: 1 },
  FA: { month: 8, day: 15 },
};

/** How many years of deferral terms follow the entry term: Spring of the next year through Summer of the third. */
const DEFERRAL_YEARS = 3;

/** A term value ('FA2027') as season and year, or undefined. */
export function parseTerm(value: string): { season: Season; year: number } | undefined {
  const match = /^(SP|SU|FA)(\d{4})$/.exec(value);
  return match ? { season: match[1] as Season, year: Number(match[2]) } : undefined;
}

/** The month a term starts in, as { year, month }, or undefined for a value that is not a term. */
export function termStart(value: string): { year: number; month: number; day: number } | undefined {
  const term = parseTerm(value);
  return term ? { year: term.year, ...TERM_STARTS[term.season] } : undefined;
}

function termOption(season: { code: Season; name: string }, year: number): Option {
  return { value: `${season.code}${year}`, label: `${season.name} ${year}`, labelEs: `${SEASON_NAMES_ES[season.code]} ${year}` };
}

/** Every term from `first` to `last` inclusive, in calendar order. */
function termsBetween(first: { season: Season; year: number }, last: { season: Season; year: number }): Option[] {
  const index = (term: { season: Season; year: number }) => term.year * 3 + SEASONS.findIndex((s) => s.code === term.season);
  const terms: Option[] = [];
  for (let i = index(first); i <= index(last); i += 1) terms.push(termOption(SEASONS[i % 3]!, Math.floor(i / 3)));
  return terms;
}

export interface AdmissionTerms {
  /** The entry terms open for application. */
  entry: readonly Option[];
  /** The terms a deferring applicant may begin in. */
  defer: readonly Option[];
}

const cycles = new Map<number, AdmissionTerms>();

/** The terms of the cycle whose entry term is Fall `fallYear` (2026: the spec's 2025–26 lists). */
export function admissionTerms(fallYear: number): AdmissionTerms {
  let terms = cycles.get(fallYear);
  if (!terms) {
    terms = Object.freeze({
      entry: Object.freeze([termOption(SEASONS[2]!, fallYear)]),
      defer: Object.freeze(termsBetween({ season: 'SP', year: fallYear + 1 }, { season: 'SU', year: fallYear + DEFERRAL_YEARS })),
    });
    cycles.set(fallYear, terms);
  }
  return terms;
}

/** The next fall that has not started on `now`'s calendar day (on 2026-11-25: 2027). */
export function nextFallYear(now: Date): number {
  const year = now.getFullYear();
  const { month, day } = TERM_STARTS.FA;
  const started = now.getMonth() + 1 > month || (now.getMonth() + 1 === month && now.getDate() >= day);
  return started ? year + 1 : year;
}

/**
 * The operator's setting: 'auto' (the default), or a cycle written '2025-26' or '2025-2026' (its entry term is
 * the fall of the second year). Returns the fall year, null for automatic, or the problem.
 */
export function parseAdmissionCycle(value: string): { fallYear: number | null } | { problem: string } {
  const text = value.trim();
  if (text.toLowerCase() === 'auto') return { fallYear: null };
  const match = /^(\d{4})-(\d{2}|\d{4})$/.exec(text);
  if (match) {
    const first = Number(match[1]);
    const second = match[2]!.length === 2 ? Math.floor(first / 100) * 100 + Number(match[2]) : Number(match[2]);
    if (second === first + 1 && first >= 2000 && first < 2200) return { fallYear: second };
  }
  return { problem: `"${value}" is not an admission cycle: write "auto" or two consecutive years such as 2026-27` };
}

let configuredFallYear: number | null = null;

/** Pins the cycle (the server at start-up, the form island from its props); null: computed from today. */
export function configureAdmissionCycle(fallYear: number | null): void {
  configuredFallYear = fallYear;
}

/** The entry fall of the cycle open on `now`: the operator's, or the next fall. */
export function admissionFallYear(now: Date = new Date()): number {
  return configuredFallYear ?? nextFallYear(now);
}
