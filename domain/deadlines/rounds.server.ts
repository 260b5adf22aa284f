import type { Config } from '../../platform/config.server.js';
import type { DeadlineRoundSetting } from '../../platform/deadline-setting.server.js';
import { admissionFallYear } from '../../form/admission-cycle.js';
import { instantInZone } from '../reading/local-date-time.js';
import { formatLocalTime, zoneAbbreviation } from '../../form/local-time.js';
import type { Lang } from '../../form/lang.js';

/**
 * The rounds' deadlines as instants (docs/deadlines.md). A round's month and day fall in the admission cycle whose
 * entry term is Fall F (form/admission-cycle.ts): August to December are in F − 1 (Early Action, 1 November 2026
 * for Fall 2027), January to July in F (Regular Decision, 15 January 2027). The round closes at the end of that
 * day in TIME_ZONE: a submit that arrives at 23:59:59.9 is in time, one at midnight is not (before the grace).
 */
export interface RoundDeadline {
  name: string;
  /** "Early Action", "Regular Decision", or the configured name in words. */
  label: string;
  /** The first instant after the deadline's day (local midnight): submits arriving before it are in time. */
  closesAt: Date;
}

const KNOWN_LABELS: Record<string, string> = {
  'early-action': 'Early Action',
  'early-decision': 'Early Decision',
  regular: 'Regular Decision',
  'regular-decision': 'Regular Decision',
};

export function roundLabel(name: string): string {
  return (
    KNOWN_LABELS[name] ??
    name
      .split('-')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ')
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day's last minute as an instant, plus one minute: the start of the next day even across a DST change. */
function endOfDay(year: number, round: DeadlineRoundSetting, timeZone: string): Date {
  const lastDay = new Date(Date.UTC(year, round.month, 0)).getUTCDate();
  const day = Math.min(round.day, lastDay);
  const lastMinute = instantInZone(`${year}-${pad(round.month)}-${pad(day)}T23:59`, timeZone);
  if (!lastMinute) throw new Error(`no 23:59 on ${year}-${round.month}-${day} in ${timeZone}`);
  return new Date(lastMinute.getTime() + 60_000);
}

/** The configured rounds of the cycle open on `now`, earliest first (none when DEADLINES is unset). */
export function roundDeadlines(config: Config, now: Date): RoundDeadline[] {
  const fall = config.admissionCycle ?? admissionFallYear(now);
  return config.deadlines.rounds
    .map((round) => ({
      name: round.name,
      label: roundLabel(round.name),
      closesAt: endOfDay(round.month >= 8 ? fall - 1 : fall, round, config.timeZone),
    }))
    .sort((a, b) => a.closesAt.getTime() - b.closesAt.getTime());
}

/**
 * "Friday 15 January 2027, 11:59 pm MST": how applicants read a deadline (its last minute, in the university's zone).
 * In Spanish "viernes 15 de enero de 2027, 11:59 p. m. MST" (the zone's abbreviation as in English: it names the office's zone).
 */
export function deadlineText(closesAt: Date, timeZone: string, lang: Lang = 'en'): string {
  const last = new Date(closesAt.getTime() - 60_000);
  if (lang === 'es') {
    const day = new Intl.DateTimeFormat('es-US', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
      .format(last)
      .replace(',', '');
    const time = new Intl.DateTimeFormat('es-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(last);
    return `${day}, ${time} ${zoneAbbreviation(last, timeZone)}`;
  }
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
      .formatToParts(last)
      .map((x) => [x.type, x.value]),
  );
  const time = formatLocalTime(last, timeZone)
    .split(' at ')[1]!
    .replace(/ (AM|PM) /, (_m, ap: string) => ` ${ap.toLowerCase()} `);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${time.replace(/ \S+$/, '')} ${zoneAbbreviation(last, timeZone)}`;
}

/** "15 January at 11:59 pm MST" ("15 de enero, 11:59 p. m. MST"): the short form in the refusal. */
export function shortDeadlineText(closesAt: Date, timeZone: string, lang: Lang = 'en'): string {
  const full = deadlineText(closesAt, timeZone, lang);
  if (lang === 'es') return full.replace(/^\S+ (\d+ de \S+) de \d{4}, /, '$1, ');
  const match = /^\S+ (\d+ \S+) \d{4}, (.*)$/.exec(full);
  return match ? `${match[1]} at ${match[2]}` : full;
}
