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
