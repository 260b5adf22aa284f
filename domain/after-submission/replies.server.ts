import type { Knex } from 'knex';
import type { AppServices } from '../../platform/app-services.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { AFTER_SUBMISSION_MAIL_OPTIONS, AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { lockDecision, recordChecklistAudit, type DecisionRow } from '../../db/repos/after-submission.server.js';
import { ANSWERS_FOR, lockReply, saveReply, updateWaiver, type ReplyRow } from '../../db/repos/replies.server.js';
import { findLookupItems } from '../../db/repos/lookup.server.js';
import { searchKey } from '../../db/repos/lookup-keys.js';
import { mustHold } from '../reading/roles.server.js';
import type { StaffActor } from '../reading/staff-actor.js';
import { recordEvent, submittedApplication, type SubmittedApplication } from './checklist.server.js';
import { replyDatePassed, replyDeadline } from './reply-date.server.js';
import { COLLEGE_MAX_LENGTH, REPLY_MESSAGES, ReplyError, WAIVER_REASON_MAX_LENGTH, replyJson } from './reply-rules.js';

/**
 * Replies to an offer (issue 39, docs/after-submission.md "Replies and deposits"). Every write locks the submitted
 * application's row (lockDecision, as decisions do) and then the reply's, so concurrent writers take turns on
 * PostgreSQL too; the audit line, the webhook and the row commit together. A reply form carries the version it was
 * based on: a second tab's (or a double) submit of an older page is refused rather than silently undoing the first.
 */

type Services = AppServices;

export interface ReplyInput {
  answer: string;
  college?: string;
  /** The reply's version the form was made from (0: no reply yet); null skips the check (the CRM-style callers). */
  version: number | null;
}

interface Offer {
  app: SubmittedApplication;
  decision: DecisionRow & { decision: 'admit' | 'waitlist' };
  reply: ReplyRow | null;
}

async function lockedOffer(trx: Knex.Transaction, userId: string): Promise<Offer> {
  const app = await submittedApplication(trx, { userId });
  if (!app) throw new ReplyError(409, REPLY_MESSAGES.notSubmitted);
  const { decision } = await lockDecision(trx, userId);
  if (!decision?.released_at || decision.decision === 'deny') throw new ReplyError(403, REPLY_MESSAGES.noOffer);
  return { app, decision: decision as Offer['decision'], reply: await lockReply(trx, userId) };
}

/** The name typed for "where instead", as the college lookup spells it when it names one of its colleges. */
async function collegeOf(services: Services, typed: string): Promise<{ name: string | null; id: string | null }> {
  const text = typed.replace(/\s+/g, ' ').trim();
  if (!text) return { name: null, id: null };
  if (text.length > COLLEGE_MAX_LENGTH) throw new ReplyError(400, REPLY_MESSAGES.collegeTooLong);
  const items = await findLookupItems(services.db.knex, 'college_ceeb', text, 5).catch(() => []);
  const match = items.find((item) => searchKey(item.text) === searchKey(text));
  return match ? { name: match.text, id: match.id } : { name: text, id: null };
}

async function writeReply(
  services: Services,
  userId: string,
  input: ReplyInput,
  actor: { name: string; ip: string | null; office: boolean },
): Promise<'changed' | 'unchanged'> {
  const now = services.now();
  // The lookup is read before the transaction: PGlite has one connection, which the transaction holds.
  const college = input.answer === 'decline' ? await collegeOf(services, input.college ?? '') : { name: null, id: null };
  return services.db.knex.transaction(async (trx) => {
    const { app, decision, reply } = await lockedOffer(trx, userId);
    const deadline = replyDeadline(services.config, app, now);
    if (!actor.office && replyDatePassed(deadline, now)) throw new ReplyError(409, REPLY_MESSAGES.passed(deadline.text));
    if (input.version !== null && input.version !== (reply?.version ?? 0)) throw new ReplyError(409, REPLY_MESSAGES.stale);
    const allowed: readonly string[] = ANSWERS_FOR[decision.decision];
    if (!allowed.includes(input.answer)) throw new ReplyError(400, REPLY_MESSAGES.choose);
    if (reply && reply.answer === input.answer && reply.college_name === college.name) return 'unchanged' as const;
    let stored = await saveReply(
      trx,
      {
        user_id: userId,
        answer: input.answer as ReplyRow['answer'],
        college_name: college.name,
        college_lookup_id: college.id,
        replied_at: now,
        replied_by: actor.office ? actor.name : 'applicant',
      },
      reply,
    );
    // A waiver still waiting is moot once the applicant will not enroll; a decided one stays on record.
    if (stored.answer !== 'enroll' && stored.waiver_status === 'requested')
      stored = await updateWaiver(trx, userId, { waiver_status: null, waiver_reason: null, waiver_requested_at: null });
    await recordChecklistAudit(trx, {
      at: now,
      actor: actor.name,
      action: 'reply-recorded',
      userId,
      detail: {
        answer: stored.answer,
        college: stored.college_name,
        version: stored.version,
        ...(actor.office ? { by_office: true, after_reply_date: replyDatePassed(deadline, now) } : {}),
      },
      ip: actor.ip,
    });
    await recordEvent(services, trx, app, 'reply.received', { reply: replyJson(stored) });
    // The applicant's confirmation, queued with the reply it confirms (workers/jobs/reply-mail.server.ts).
    const job: AfterSubmissionMailJob = { kind: 'reply', userId, version: stored.version };
    await services.boss?.send(AFTER_SUBMISSION_MAIL_QUEUE, job, { ...AFTER_SUBMISSION_MAIL_OPTIONS, db: transactionalDb(trx) });
    return 'changed' as const;
  });
}

/** The applicant's reply on /completion, until the reply date. */
export function applicantReply(services: Services, userId: string, input: ReplyInput, ip: string | null) {
  return writeReply(services, userId, input, { name: 'applicant', ip, office: false });
}

/** The office records or changes a reply (a lead; at any time, also after the reply date). */
export async function officeReply(services: Services, staff: StaffActor, userId: string, input: ReplyInput) {
  await mustHold(services, staff, 'lead', 'reply-recorded', userId);
  return writeReply(services, userId, input, { name: staff.email, ip: staff.ip ?? null, office: true });
}

/** The applicant who will enroll asks for the enrollment deposit to be waived (once), until the reply date. */
export async function requestDepositWaiver(services: Services, userId: string, reasonTyped: string, ip: string | null): Promise<void> {
  const reason = reasonTyped.replace(/\r\n/g, '\n').trim();
  if (!reason) throw new ReplyError(400, REPLY_MESSAGES.reasonMissing);
  if (reason.length > WAIVER_REASON_MAX_LENGTH) throw new ReplyError(400, REPLY_MESSAGES.reasonTooLong);
  const now = services.now();
  await services.db.knex.transaction(async (trx) => {
    const { app, reply } = await lockedOffer(trx, userId);
    const deadline = replyDeadline(services.config, app, now);
    if (replyDatePassed(deadline, now)) throw new ReplyError(409, REPLY_MESSAGES.passed(deadline.text));
    if (reply?.answer !== 'enroll') throw new ReplyError(409, REPLY_MESSAGES.waiverNotEnrolling);
    if (reply.waiver_status) throw new ReplyError(409, REPLY_MESSAGES.waiverAlready);
    const stored = await updateWaiver(trx, userId, { waiver_status: 'requested', waiver_reason: reason, waiver_requested_at: now });
    await recordChecklistAudit(trx, { at: now, actor: 'applicant', action: 'deposit-waiver-requested', userId, detail: {}, ip });
    await recordEvent(services, trx, app, 'reply.received', { reply: replyJson(stored) });
  });
}

/** A lead approves or declines a waiver request, once: a second decision answers 409 (the same one again: unchanged). */
export async function decideDepositWaiver(
  services: Services,
  lead: StaffActor,
  userId: string,
  approve: boolean,
): Promise<'changed' | 'unchanged'> {
  await mustHold(services, lead, 'lead', 'deposit-waiver-decided', userId);
  const status = approve ? 'approved' : 'declined';
  const now = services.now();
  return services.db.knex.transaction(async (trx) => {
    const { app, reply } = await lockedOffer(trx, userId);
    if (!reply?.waiver_status) throw new ReplyError(409, REPLY_MESSAGES.noWaiver);
    if (reply.waiver_status === status) return 'unchanged' as const;
    if (reply.waiver_status !== 'requested')
      throw new ReplyError(409, REPLY_MESSAGES.waiverDecided(reply.waiver_status, reply.waiver_decided_by ?? 'the office'));
    const stored = await updateWaiver(trx, userId, { waiver_status: status, waiver_decided_by: lead.email, waiver_decided_at: now });
    await recordChecklistAudit(trx, {
      at: now,
      actor: lead.email,
      action: `deposit-waiver-${status}`,
      userId,
      detail: {},
      ip: lead.ip ?? null,
    });
    await recordEvent(services, trx, app, 'deposit.waiver_decided', { status, decided_at: now.toISOString(), reply: replyJson(stored) });
    return 'changed' as const;
  });
}
