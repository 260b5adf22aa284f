import type { OfficePageBase } from './office-page-data.js';

/** A choice of one of the list's filters. */
export interface FilterChoice {
  value: string;
  label: string;
}

/** The list's filter form: each filter's name, label, current value and (for a select) its choices. */
export interface ListFilterField {
  name: string;
  label: string;
  value: string;
  /** Absent for a text filter. */
  choices?: FilterChoice[];
}

export interface StaffListRowData {
  id: string;
  reference: string;
  name: string;
  email: string;
  status: string;
  entryTerm: string;
  school: string;
  ceeb: string;
  state: string;
  major: string;
  residency: string;
  stage: string;
  submitted: string;
  /** The deadline round it was submitted under ("Regular Decision"), empty before submitting. */
  round: string;
  transcript: string;
  decision: string;
  /** The reply to a released admit or waitlist, and the deposit waiver (issue 39); '' when there is none to give. */
  reply: string;
  replyHref: string | null;
  viewHref: string;
  /** The checklist and decision, once submitted. */
  checklistHref: string | null;
  pdfHref: string;
}

export interface SavedViewData {
  id: string;
  name: string;
  href: string;
}

/** GET /staff (server/staff/list-page.server.ts). */
export interface StaffListPageData extends OfficePageBase {
  /** A batch release's or a saved view's outcome, said once. */
  notice: string | null;
  counts: Array<{ label: string; count: number }>;
  /** "3 applications match these filters." */
  matching: string;
  filters: ListFilterField[];
  /** The current filters as a query string ('?…' or ''), which the action forms carry. */
  query: string;
  rows: StaffListRowData[];
  nextHref: string | null;
  savedViews: SavedViewData[];
  releasePath: string;
}
