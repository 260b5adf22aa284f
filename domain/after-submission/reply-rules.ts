import type { ReplyAnswer, ReplyRow } from '../../db/repos/replies.server.js';

/** What a reply says and how long its free text may be (issue 39): shared by /completion, the desk and the feed. */

export const REPLY_LABELS: Record<ReplyAnswer, string> = {
  enroll: 'I will enroll',
  decline: 'I will not enroll',
  stay: 'Keep me on the waitlist',
  leave: 'Take me off the waitlist',
};

export const COLLEGE_MAX_LENGTH = 200;
export const WAIVER_REASON_MAX_LENGTH = 2000;

/** A refused reply or waiver step: the status a route answers with, and a message the applicant or staff can act on. */
export class ReplyError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export const REPLY_MESSAGES = {
  noOffer: 'There is no offer to reply to: only an applicant who was admitted or placed on the waitlist replies here.',
  notSubmitted: 'Submit your application first.',
  passed: (date: string) =>
    `The reply date, ${date}, has passed, so your reply can no longer be changed here. To change it, contact the Office of Admissions.`,
  stale: 'Your reply was changed in another window since this page was opened. Nothing was changed; reload the page to see your reply.',
  choose: 'Choose one of the answers.',
  collegeTooLong: `Write the college's name in at most ${COLLEGE_MAX_LENGTH} characters.`,
  waiverNotEnrolling: 'A deposit waiver is for applicants who will enroll: reply "I will enroll" first.',
  waiverAlready: 'You have already asked for a deposit waiver; the office answers it on this page.',
  reasonMissing: 'Tell us why you are asking for the deposit to be waived.',
  reasonTooLong: `Write the reason in at most ${WAIVER_REASON_MAX_LENGTH} characters.`,
  noWaiver: 'This applicant has not asked for a deposit waiver.',
  waiverDecided: (status: string, by: string) => `The deposit waiver was already ${status} by ${by}; that stays as it is.`,
} as const;

/** The reply as the CRM reads it (the feed's `reply`, the `reply.received` webhook's data.reply); times ISO 8601. */
export function replyJson(row: ReplyRow) {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    answer: row.answer,
    college: row.college_name ? { name: row.college_name, lookup_id: row.college_lookup_id } : null,
    replied_at: iso(row.replied_at),
    replied_by: row.replied_by === 'applicant' ? ('applicant' as const) : ('office' as const),
    version: row.version,
    deposit_waiver: row.waiver_status
      ? {
          status: row.waiver_status,
          reason: row.waiver_reason,
          requested_at: iso(row.waiver_requested_at),
          decided_at: iso(row.waiver_decided_at),
        }
      : null,
  };
}
