/**
 * Times as a person reads them (receipt e-mail, /completion, /review, the PDF, the staff desk): in the
 * university's zone (`TIME_ZONE`, default America/Denver), with the zone named, so an applicant in Utah who
 * submits at 11:30 pm reads that evening's date, not the next day's in UTC. Machine-read times (the CSV, the
 * API, webhooks) stay ISO 8601. Intl.DateTimeFormat knows every IANA zone in Node and in browsers, so no
 * time-zone library.
 */

export const DEFAULT_TIME_ZONE = 'America/Denver';

/** True when `zone` is an IANA zone this runtime knows ("America/Denver", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formats.set(key, f);
  }
  return f;
}

function parts(date: Date, timeZone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  return Object.fromEntries(
    format(timeZone, options)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
}

/** The zone's short name at that moment: "MST" / "MDT" in America/Denver, "UTC", or "GMT+1" where en-US has no abbreviation. */
export function zoneAbbreviation(date: Date | string, timeZone: string): string {
  return parts(new Date(date), timeZone, { timeZoneName: 'short' }).timeZoneName ?? timeZone;
}

/** The zone's generic name: "Mountain Time" for America/Denver. */
export function zoneName(timeZone: string, date: Date | string = new Date()): string {
  return parts(new Date(date), timeZone, { timeZoneName: 'longGeneric' }).timeZoneName ?? timeZone;
}

/**
 * "November 25, 2026 at 11:30 PM MST": for applicants (e-mail, /completion, /review, the PDF). In Spanish
 * "25 de noviembre de 2026, 11:30 p. m. MST" (the zone's abbreviation as in English: it names the office's zone).
 */
export function formatLocalTime(date: Date | string, timeZone: string, lang: 'en' | 'es' = 'en'): string {
  const d = new Date(date);
  if (lang === 'es') {
    const day = new Intl.DateTimeFormat('es-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(d);
    const time = new Intl.DateTimeFormat('es-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(d);
    return `${day}, ${time} ${zoneAbbreviation(d, timeZone)}`;
  }
  const p = parts(d, timeZone, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return `${p.month} ${p.day}, ${p.year} at ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

/** "2026-11-25 23:30 MST" (or with seconds): for the staff desk's tables, sortable by eye. */
export function formatDeskTime(date: Date | string, timeZone: string, precision: 'minutes' | 'seconds' = 'minutes'): string {
  const d = new Date(date);
  const p = parts(d, timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  const time = `${p.hour}:${p.minute}${precision === 'seconds' ? `:${p.second}` : ''}`;
  return `${p.year}-${p.month}-${p.day} ${time} ${p.timeZoneName}`;
}
