/**
 * What the reading pages' data modules (server/reading/*-page.server.ts) give their pages (pages/(office)/staff/…):
 * plain values, times already written in the university's zone, so a page only lays them out (issue 37).
 */
import type { OfficePageBase } from './office-page-data.js';

export interface ReadingPageBase extends OfficePageBase {
  /** A role="status" line after a successful POST (the `?done=` of its redirect). */
  done: string | null;
}

export interface QueueRow {
  id: string;
  reference: string;
  round: string;
  assignedAt: string;
}

export interface QueuePageData extends ReadingPageBase {
  rows: QueueRow[];
}

/** A review form field as the page renders it (domain/reading/review-form.ts, made plain). */
export type ReviewFormField =
  | { key: string; label: string; kind: 'scale'; min: number; max: number; required: boolean; hint?: string }
  | { key: string; label: string; kind: 'choice'; options: Array<{ value: string; label: string }>; required: boolean }
  | { key: string; label: string; kind: 'text'; maxLength: number; required: boolean };

export interface ShownReview {
  reader: string;
  round: string;
  submittedAt: string;
  /** Field label → the answer as read. */
  answers: Array<{ label: string; value: string }>;
}

export interface DocumentLink {
  key: string;
  label: string;
  /** The staff document route (a download). */
  href: string;
  /** The reader view showing this one framed, when it has a converted PDF. */
  showHref: string | null;
}

export interface ReaderPageData extends ReadingPageBase {
  id: string;
  reference: string;
  answers: Record<string, string | boolean>;
  counts: Record<string, number>;
  tabs: Record<string, string>;
  documents: DocumentLink[];
  /** The document framed beside the answers (?doc=…, else the first with a PDF). */
  shown: { key: string; label: string; src: string } | null;
  /** Teachers' letters typed into their page (issue 39); letters sent as files are among the documents. */
  letters?: Array<{ label: string; text: string }>;
  nextHref: string | null;
  previousHref: string | null;
  /** The form when this staff member still has a review to submit here; null otherwise. */
  form: ReviewFormField[] | null;
  /** What was typed, after a refused submission. */
  values: Record<string, string>;
  errors: Record<string, string>;
  reviews: ShownReview[];
  /** Why no reviews are shown (blind first read), when so. */
  reviewsNote: string | null;
}

export interface ApplicationChoice {
  id: string;
  reference: string;
  name: string;
  stage: string;
  decision: string | null;
  /** The scheduled release it waits in (the releases page). */
  scheduled?: string | null;
  /** Its readers so far, "who (round)" (the assignment page). */
  readers?: string[];
}

export interface AssignPageData extends ReadingPageBase {
  stage: string;
  stages: Array<{ value: string; label: string }>;
  applications: ApplicationChoice[];
  /** The desk's staff (STAFF_EMAILS), offered as readers; others can be typed. */
  readers: string[];
  error: string | null;
}

export interface CommitteeEntry {
  id: string;
  reference: string;
  name: string;
  stage: string;
  reviews: ShownReview[];
  averages: Array<{ label: string; value: string }>;
}

/** The decision form of one application, after "Preview": the merged letter (or the lead's edit of it). */
export interface CommitteeDraft {
  id: string;
  decision: string;
  letter: string;
  error: string | null;
}

export interface CommitteePageData extends ReadingPageBase {
  entries: CommitteeEntry[];
  decisions: Array<{ value: string; label: string }>;
  draft: CommitteeDraft | null;
}

export interface LetterTemplateView {
  decision: string;
  label: string;
  version: number;
  body: string;
  editedBy: string | null;
  editedAt: string | null;
}

export interface LettersPageData extends ReadingPageBase {
  templates: LetterTemplateView[];
  mergeFields: string[];
  /** The template being edited (after a preview or a refused save): what was typed, and the preview. */
  editing: {
    decision: string;
    basedOn: number;
    body: string;
    reference: string;
    preview: string | null;
    error: string | null;
    referenceError: string | null;
  } | null;
}

export interface BatchView {
  id: string;
  status: string;
  scheduledFor: string;
  createdBy: string;
  items: Array<{ id: string; reference: string; name: string; removed: boolean }>;
}

export interface ReleasesPageData extends ReadingPageBase {
  decision: string;
  decisions: Array<{ value: string; label: string }>;
  applications: ApplicationChoice[];
  timeZone: string;
  /** After "Preview release": what it would do, and the ids and digest the confirmation carries. */
  preview: { sentence: string; ids: string[]; digest: string; count: number } | null;
  batches: BatchView[];
  /** A remove or cancel waiting for its confirmation. */
  confirm: { batchId: string; userId: string | null } | null;
  error: string | null;
}
