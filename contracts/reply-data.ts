/**
 * /completion's "Your reply" section (issue 39): the reply to an offer (admit) or to a place on the waitlist, and
 * for an applicant who will enroll, the enrollment deposit. Every date already in the university's time zone.
 */
export interface CompletionReply {
  kind: 'admit' | 'waitlist';
  /** "May 1, 2027 at 11:59 PM MDT": the reply date's last minute. */
  deadline: string;
  /** The reply date has passed: the reply is shown, the form is not. */
  passed: boolean;
  current: { label: string; on: string; college: string | null; byOffice: boolean } | null;
  /** The reply form (null after the reply date). */
  form: {
    action: string;
    version: number;
    options: Array<{ value: string; label: string; checked: boolean }>;
    /** "Where will you go instead?" (an admit only). */
    college: { value: string; max: number } | null;
  } | null;
  /** The enrollment deposit, for an applicant who will enroll. */
  deposit: {
    /** The payment page with the reference filled in; null: DEPOSIT_URL unset, pay by contacting the office. */
    payUrl: string | null;
    reference: string;
    officeEmail: string;
    officePhone: string;
    waiver: { status: 'requested' | 'approved' | 'declined'; text: string; reason: string } | null;
    /** Ask for a waiver (until the reply date, once). */
    waiverForm: { action: string; reasonMax: number } | null;
  } | null;
  /** The outcome of a form post (redirected back with ?reply=…). */
  notice: { kind: 'success' | 'info'; text: string } | null;
}

/** The office's reply page (/staff/applications/:id/reply, server/after-submission/reply-page.server.ts). */
export interface StaffReplyPageData {
  title: string;
  staffEmail: string | null;
  /** Null for an unknown application (then `message` says so). */
  base: string | null;
  message: string | null;
  done: string | null;
  /** "Admit, released 2026-12-03 14:05 MST", or why there is nothing to reply to. */
  offer: string;
  /** "2027-05-01 23:59 MDT (passed)". */
  deadline: string | null;
  /** The reply in words, one line each; empty without a reply. */
  lines: string[];
  waiver: { status: string; reason: string; lines: string[]; canDecide: boolean } | null;
  /** A lead records or changes the reply (also after the reply date); null for a reader or without an offer. */
  form: { version: number; options: Array<{ value: string; label: string; checked: boolean }>; college: string | null } | null;
}
