import type { Config } from '../../platform/config.server.js';
import { admissionFallYear, parseTerm } from '../../form/admission-cycle.js';
import { formatLocalTime } from '../../form/local-time.js';
import type { Lang } from '../../form/lang.js';
import { staffKeys } from '../../form/staff-keys.js';
import { instantInZone } from '../reading/local-date-time.js';
import type { SubmittedApplication } from './checklist.server.js';

/**
 * The reply date (REPLY_DATE, issue 39): the month and day of the entry year by which an applicant replies to an
 * offer, as the letter's {reply_date} says it (domain/reading/letters.server.ts mergeFieldsFor): the year of the
 * applicant's entry term, else of the open admission cycle. Replies are taken until the end of that day in
 * TIME_ZONE; afterwards only the office changes one.
 */
export interface ReplyDeadline {
  /** The first instant after the reply date (local midnight): a reply arriving before it is in time. */
  closesAt: Date;
  /** "May 1, 2027 at 11:59 PM MDT": the last minute, as applicants read it. */
  text: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function replyDeadline(
  config: Pick<Config, 'reading' | 'timeZone' | 'admissionCycle'>,
  app: Pick<SubmittedApplication, 'answers'>,
  now: Date,
  lang: Lang = 'en',
): ReplyDeadline {
  const term = parseTerm(String(app.answers[staffKeys().entryTerm] ?? ''));
  const year = term?.year ?? config.admissionCycle ?? admissionFallYear(now);
  const { month, day } = config.reading.replyDate;
  // 29 February in a year without it is the 28th, as for the deadlines.
  const lastDay = Math.min(day, new Date(Date.UTC(year, month, 0)).getUTCDate());
  const lastMinute = instantInZone(`${year}-${pad(month)}-${pad(lastDay)}T23:59`, config.timeZone);
  if (!lastMinute) throw new Error(`no 23:59 on ${year}-${month}-${lastDay} in ${config.timeZone}`);
  return { closesAt: new Date(lastMinute.getTime() + 60_000), text: formatLocalTime(lastMinute, config.timeZone, lang) };
}

export function replyDatePassed(deadline: ReplyDeadline, now: Date): boolean {
  return now.getTime() >= deadline.closesAt.getTime();
}
