/**
 * What each office page's data module (server/…-page.server.ts) gives its page (pages/(office)/…): plain values,
 * times already written in the university's zone, so a page only lays them out.
 */

/** Every office page names itself (its h1 and the document title) and who is signed in. */
export interface OfficePageBase {
  title: string;
  staffEmail: string | null;
}

export interface AuditTrailRow {
  id: string;
  at: string;
  who: string;
  what: string;
  application: string;
  from: string;
}

export interface AuditTrailPageData extends OfficePageBase {
  rows: AuditTrailRow[];
  /** The next page of older entries, when there is one. */
  olderHref: string | null;
}

/** A staff page that says one thing (server/staff/staff-notice.server.ts). */
export interface StaffNoticeData extends OfficePageBase {
  message: string;
  /** Where to go from here; the applications list when none is given. */
  links?: Array<{ href: string; label: string }>;
}

/** /staff/deadlines (issue 40): the rounds, their extensions, and the form a lead extends one with. */
export interface DeadlinesPageData extends OfficePageBase {
  /** Said once after an extension was recorded. */
  notice: string | null;
  rounds: Array<{ name: string; label: string; deadline: string; forEveryone: string | null }>;
  extensions: Array<{ id: string; round: string; who: string; until: string; by: string; at: string }>;
  /** The university's zone, as the form's date and time are read in it ("Mountain Time"). */
  zone: string;
}
