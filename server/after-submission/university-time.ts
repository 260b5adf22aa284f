/**
 * Times a person reads (the applicant's submitted time, a request's date, when a decision is due) in the
 * university's time zone. One place, so the TIME_ZONE setting (DESIGN §5, wave 3) replaces the constant here
 * and nowhere else.
 */
export const UNIVERSITY_TIME_ZONE = 'America/Denver';

/** "November 25, 2026 at 11:47 AM MST": the zone named, so the time is never ambiguous. */
export function universityDateTime(date: Date | string, timeZone: string = UNIVERSITY_TIME_ZONE): string {
  const d = new Date(date);
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(d);
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }).format(d);
  return `${day} at ${time}`;
}

/** "November 25, 2026", the day in the university's zone. */
export function universityDate(date: Date | string, timeZone: string = UNIVERSITY_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(date));
}
