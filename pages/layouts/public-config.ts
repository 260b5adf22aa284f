import type { PageContextServer } from 'vike/types';
import { admissionFallYear } from '../../form/admission-cycle.js';

export interface ShellConfig {
  contacts: { helpEmail: string; officePhone: string; officeEmail: string };
  /** ISO dates of the application window, or null for no banner. */
  applicationWindow: { start: string; end: string } | null;
  now: string;
  /** The university's IANA zone (TIME_ZONE) every time on a page is shown in. */
  timeZone: string;
  /** The entry fall of the admission cycle open now (form/admission-cycle.ts), for the form island. */
  admissionFallYear: number;
}

/** The part of the server configuration a page may show. Read from pageContext on the server. */
export function shellConfig(pageContext: PageContextServer): ShellConfig {
  const { services } = pageContext;
  const window = services.config.applicationWindow;
  return {
    contacts: services.config.contacts,
    applicationWindow: window ? { start: window.start.toISOString(), end: window.end.toISOString() } : null,
    now: services.now().toISOString(),
    timeZone: services.config.timeZone,
    admissionFallYear: admissionFallYear(services.now()),
  };
}
