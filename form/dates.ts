import { monthName, monthNameEs } from './options.js';

/** Dates are stored as ISO calendar dates 'YYYY-MM-DD' (§3 birth_date); no time, no time zone. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(value: string): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True for a real calendar date written 'YYYY-MM-DD' (so 2023-02-29 and 2024-13-01 are not). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const p = parts(value);
  return p !== undefined && p.year >= 1 && p.month >= 1 && p.month <= 12 && p.day >= 1 && p.day <= daysIn(p.year, p.month);
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's calendar date where the code runs (the applicant's day in the browser). */
export function todayIso(now: Date = new Date()): string {
  return iso(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** The same calendar day `years` earlier; 29 February becomes 28 February in a non-leap year. */
export function yearsBefore(date: string, years: number): string {
  const p = parts(date);
  if (!p) throw new Error(`Not an ISO date: ${date}`);
  const year = p.year - years;
  return iso(year, p.month, Math.min(p.day, daysIn(year, p.month)));
}

/** 'March 4, 2008' for '2008-03-04'; anything that is not an ISO date comes back unchanged. */
export function formatLongDate(value: string, lang: 'en' | 'es' = 'en'): string {
  const p = isIsoDate(value) ? parts(value) : undefined;
  if (p && lang === 'es') return `${p.day} de ${monthNameEs(p.month)} de ${p.year}`;
  return p ? `${monthName(p.month)} ${p.day}, ${p.year}` : value;
}
