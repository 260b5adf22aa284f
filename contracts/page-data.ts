import type { Answers, ValidationEntry } from '../form/types.js';
import type { DocumentAnswer, PdfState } from './api.js';
import type { WebStatus } from './statuses.js';
import type { CompletionReply } from './reply-data.js';
import type { RecommendationsView } from './recommendations.js';
import type { FamilyMemberView } from './family.js';

/**
 * What the server's +data hooks hand the pages (and through their props the islands). JSON only:
 * the same values are serialised into the page for hydration.
 */

/** §1 greeting banner variants; null when §4 hides the banner. */
export type BannerVariant = 'visitor' | 'first-login' | 'returning' | 'submitted';

export interface BannerState {
  variant: BannerVariant;
  /** Preferred or first name for the greeting, '' when neither is answered. */
  name: string;
}

/** What a form page (the form island and the shell around it) is rendered from. JSON only. */
export interface FormPageData {
  is_logged_in: boolean;
  /** The logged-in student's e-mail; null for visitors and staff. */
  username: string | null;
  is_service_user: boolean;
  /** Staff view: whose application this is (read-only). */
  applicant: string | null;
  /** §3: the number of successful logins, at least 1 once logged in (0 for visitors and staff). */
  num_logins: number;
  /** §4: derived from the count of distinct recognised statuses. */
  web_status: WebStatus | null;
  last_page: string | null;
  /** §3 has_changed_page for this session (see page-change.ts). */
  has_changed_page: boolean;
  answers: Answers;
  /** Answers version; `etag` is the same as the HTTP validator the island sends back in If-Match. */
  version: number | null;
  etag: string | null;
  add_another: Record<string, number>;
  tabs: Record<string, string>;
  document_answer: Record<string, DocumentAnswer>;
  /** The stored validation result, only while validating (the summary of §2). */
  validations: ValidationEntry[];
  banner: BannerState | null;
  /**
   * The deadline banner (issue 40, server/deadlines/page-deadline.server.ts): "Regular Decision deadline: Friday
   * 15 January 2027, 11:59 pm MST", and once the last one has passed, the message saying so. Absent: no deadline.
   */
  deadline?: { text: string; passed: string | null } | null;
  /** Staff view: the submission's reference (e.g. FA-7K3M9Q), null before submission. */
  reference?: string | null;
  /** Staff view and PDF: when it was submitted, as a person reads it ("November 25, 2026 at 11:30 PM MST"). */
  submitted_on?: string | null;
  /** The value markChangedPage() writes into the page-change cookie; null unless logged in. */
  page_change_marker: string | null;
  /** Logged in: the sealed account id the page posts as POST_FIELDS.owner (server/form-post/kept-answers.server.ts). */
  owner?: string | null;
}

/** A form page with nothing known yet: a visitor's, before the banner and the prefill are decided. */
export const EMPTY_FORM_PAGE_DATA: FormPageData = {
  is_logged_in: false,
  username: null,
  is_service_user: false,
  applicant: null,
  num_logins: 0,
  web_status: null,
  last_page: null,
  has_changed_page: false,
  answers: {},
  version: null,
  etag: null,
  add_another: {},
  tabs: {},
  document_answer: {},
  validations: [],
  banner: null,
  page_change_marker: null,
};

/** What /completion shows: who is logged in and the submitted greeting (the guard admits only submitted students). */
export interface CompletionPageData {
  username: string | null;
  banner: BannerState | null;
  /** The receipt e-mail's state; null for a visitor. */
  receipt: CompletionReceipt | null;
  /** When the application was submitted (ISO 8601); shown in the university's zone (form/local-time.ts). */
  submitted_at?: string | null;
  /** The checklist and the decision; null for a visitor. */
  status?: CompletionStatus | null;
  /** The PDF's state as GET /api/pdf gives it, so the download link (or a refresh link) works without scripts; null when it could not be had. */
  pdf?: PdfState | null;
  /** The reply to an offer and the deposit (issue 39); null without a released admit or waitlist. */
  reply?: CompletionReply | null;
  /** Teacher recommendations (issue 39); null for a visitor. */
  recommendations?: RecommendationsView | null;
  /** Who the applicant lets read their status (issue 39, pages/completion/FamilySection.tsx); absent for a visitor. */
  family?: FamilyMemberView[] | null;
}

/** The submission's receipt as /completion shows it. */
export interface CompletionReceipt {
  reference: string | null;
  /** The submission's receipt went out (false while it waits for the PDF or for the mail server). */
  sent: boolean;
  resendsLeft: number;
  /** What the last "Send my receipt again" did, or that no more can be sent. */
  notice: { kind: 'success' | 'info'; text: string } | null;
  resendPath: string;
}

/** What "Review your application" is rendered from: the form pages' data, the problems, the reference. */
export interface ReviewPageData extends FormPageData {
  /** What validation finds now (the same check as submitting); none once submitted. */
  problems: ValidationEntry[];
  submitted: boolean;
  reference: string | null;
  submitted_at: string | null;
}

/** The submitted applicant's status on /completion (issue 25): every date already in the university's time zone. */
export interface CompletionStatus {
  submittedAt: string;
  transcript:
    | { state: 'received'; text: string }
    /** `refused`: the counselor's mail server refused our e-mail for good (issue 39): another address is needed. */
    | { state: 'requested'; email: string; on: string; refused?: boolean }
    | { state: 'needed'; notMyStudent: { email: string; on: string } | null; rejected: { on: string; reason: string } | null }
    /** The applicant answered "No" to the university asking for their transcripts: the school must send it. */
    | { state: 'not-permitted'; officeEmail: string };
  /** Add or correct the counselor's e-mail and send the request (again); null once the transcript is received. */
  counselorForm: { action: string; field: string; email: string; sendsLeft: number; resend: boolean } | null;
  decision:
    | { state: 'expected'; by: string }
    | { state: 'ready'; decision: 'admit' | 'deny' | 'waitlist'; headline: string; letter: string | null; releasedOn: string };
  /** The outcome of the counselor form (a post redirected back with ?counselor=…). */
  notice: { kind: 'success' | 'error' | 'info'; text: string } | null;
  /** ?view=letter: only the decision letter, for printing. */
  letterView: boolean;
}
