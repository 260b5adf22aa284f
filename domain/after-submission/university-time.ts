import { DEFAULT_TIME_ZONE, formatLocalTime } from '../../form/local-time.js';
import type { Lang } from '../../form/lang.js';

/**
 * Times a person reads about the application after submitting (the submitted time, a request's date, when a
 * decision is due), in the university's zone: callers pass config.timeZone (TIME_ZONE); the default is its default.
 */

/** "November 25, 2026 at 11:47 PM MST": the zone named, so the time is never ambiguous. */
export function universityDateTime(date: Date | string, timeZone: string = DEFAULT_TIME_ZONE, lang: Lang = 'en'): string {
  return formatLocalTime(date, timeZone, lang);
}

/** "November 25, 2026", the day in the university's zone. */
export function universityDate(date: Date | string, timeZone: string = DEFAULT_TIME_ZONE, lang: Lang = 'en'): string {
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'long', timeZone }).format(new Date(date));
}
