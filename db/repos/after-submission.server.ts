import type { Knex } from 'knex';
import { markReadyForReview } from './reading-stages.server.js';

/**
 * The rows of what happens after submitting (migration 100): the transcript checklist, the requests sent to a
 * counselor, and the admission decision. Every function is scoped by the application's user id or by a
 * token hash; none of them writes `applications`.
 */

export type TranscriptStatus = 'needed' | 'requested' | 'received';
export type ReceivedVia = 'upload' | 'counselor' | 'office-paper' | 'office-etranscript' | 'integration';
export const RECEIVED_VIA: readonly ReceivedVia[] = ['upload', 'counselor', 'office-paper', 'office-etranscript', 'integration'];
export type Decision = 'admit' | 'deny' | 'waitlist';
export const DECISIONS: readonly Decision[] = ['admit', 'deny', 'waitlist'];

export interface ChecklistRow {
  user_id: string;
  status: TranscriptStatus;
  received_via: ReceivedVia | null;
  received_at: Date | null;
  counselor_email: string | null;
  requested_at: Date | null;
  not_my_student_at: Date | null;
  resends: number;
  updated_at: Date;
  /** The office rejected the counselor's upload as unofficial (migration 110); cleared by a new request. */
  rejected_at?: Date | null;
  rejected_reason?: string | null;
  rejected_email?: string | null;
  rejection_notified_at?: Date | null;
}

export interface CounselorRequestRow {
  id: string;
  user_id: string;
  email: string;
  salt: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  voided_at: Date | null;
  sent_at: Date | null;
  reminder_1_sent_at: Date | null;
  reminder_2_sent_at: Date | null;
  last_error: string | null;
  /** The counselor's mail server refused our e-mail permanently (migration 160). */
  refused_at?: Date | null;
  refused_reply?: string | null;
}

export interface DecisionRow {
  user_id: string;
  decision: Decision;
  letter: string | null;
  recorded_by: string;
  recorded_at: Date;
  released_by: string | null;
  released_at: Date | null;
  notified_at: Date | null;
  /** The letter template version the letter came from (null: typed by hand or from the CRM), and whether it was edited. */
  template_version?: number | null;
  letter_edited?: boolean | null;
}

export async function insertChecklist(
  trx: Knex | Knex.Transaction,
  row: Omit<ChecklistRow, 'resends' | 'not_my_student_at'>,
): Promise<void> {
  await trx('transcript_checklist').insert(row).onConflict('user_id').ignore();
  if (row.status === 'received') await markReadyForReview(trx, row.user_id, row.updated_at);
}

export async function findChecklist(knex: Knex | Knex.Transaction, userId: string): Promise<ChecklistRow | null> {
  return ((await knex('transcript_checklist').where({ user_id: userId }).first()) as ChecklistRow | undefined) ?? null;
}

/** The checklist row under lock for the rest of `trx`: concurrent changes (counselor, office, applicant) take turns. */
export async function lockChecklist(trx: Knex.Transaction, userId: string): Promise<ChecklistRow | null> {
  return ((await trx('transcript_checklist').where({ user_id: userId }).forUpdate().first()) as ChecklistRow | undefined) ?? null;
}

export async function updateChecklist(
  trx: Knex | Knex.Transaction,
  userId: string,
  patch: Partial<Omit<ChecklistRow, 'user_id'>> & { updated_at: Date },
): Promise<void> {
  await trx('transcript_checklist').where({ user_id: userId }).update(patch);
  // The checklist is complete (issue 37): the application moves to "ready for review" in the same transaction.
  if (patch.status === 'received') await markReadyForReview(trx, userId, patch.updated_at);
}

export async function insertCounselorRequest(
  trx: Knex.Transaction,
  row: { user_id: string; email: string; salt: string; token_hash: string; created_at: Date; expires_at: Date },
): Promise<string> {
  const rows = (await trx('counselor_requests').insert(row).returning('id')) as Array<{ id: string | number }>;
  return String(rows[0]!.id);
}

/** Every live link of this application stops working (a new address, a newer request, "not my student", received). */
export async function voidCounselorRequests(trx: Knex | Knex.Transaction, userId: string, now: Date): Promise<void> {
  await trx('counselor_requests').where({ user_id: userId }).whereNull('voided_at').update({ voided_at: now });
}

export async function findCounselorRequest(knex: Knex | Knex.Transaction, id: string): Promise<CounselorRequestRow | null> {
  return ((await knex('counselor_requests').where({ id }).first()) as CounselorRequestRow | undefined) ?? null;
}

export async function findCounselorRequestByTokenHash(
  knex: Knex | Knex.Transaction,
  tokenHash: string,
): Promise<CounselorRequestRow | null> {
  return ((await knex('counselor_requests').where({ token_hash: tokenHash }).first()) as CounselorRequestRow | undefined) ?? null;
}

/** The newest request of an application (the one its checklist names), live or not. */
export async function latestCounselorRequest(knex: Knex | Knex.Transaction, userId: string): Promise<CounselorRequestRow | null> {
  return (
    ((await knex('counselor_requests').where({ user_id: userId }).orderBy('id', 'desc').first()) as CounselorRequestRow | undefined) ?? null
  );
}

export type CounselorMailMark = 'sent_at' | 'reminder_1_sent_at' | 'reminder_2_sent_at';

/** Records that one of the request's e-mails went out; false when it already had (a retried job sends nothing twice). */
export async function markCounselorMail(knex: Knex, id: string, mark: CounselorMailMark, now: Date): Promise<boolean> {
  return (
    (await knex('counselor_requests')
      .where({ id })
      .whereNull(mark)
      .update({ [mark]: now, last_error: null })) > 0
  );
}

export async function noteCounselorMailError(knex: Knex, id: string, error: string): Promise<void> {
  await knex('counselor_requests')
    .where({ id })
    .update({ last_error: error.slice(0, 500) });
}

export async function findDecision(knex: Knex | Knex.Transaction, userId: string): Promise<DecisionRow | null> {
  return ((await knex('decisions').where({ user_id: userId }).first()) as DecisionRow | undefined) ?? null;
}

/**
 * The decision under lock for the rest of `trx`, or null when none is recorded yet. Before the first decision
 * there is no row to lock, so the lock is taken on the submitted application's row, which always exists:
 * concurrent writers (staff form, CRM, batch release) take turns even then, and a released decision stays as
 * released (issue 35). False `found` when the application is gone or not submitted. Not FOR UPDATE: nothing
 * here changes the application's key, so rows that only reference it are not held up.
 */
export async function lockDecision(trx: Knex.Transaction, userId: string): Promise<{ found: boolean; decision: DecisionRow | null }> {
  const app = await trx('applications').where({ user_id: userId }).whereNotNull('submitted_at').forNoKeyUpdate().first('user_id');
  if (!app) return { found: false, decision: null };
  const decision = ((await trx('decisions').where({ user_id: userId }).forUpdate().first()) as DecisionRow | undefined) ?? null;
  return { found: true, decision };
}

/** Writes the decision as recorded, never over a released one; the row as stored, or null when it was released. */
export async function upsertDecision(
  trx: Knex.Transaction,
  row: Pick<DecisionRow, 'user_id' | 'decision' | 'letter' | 'recorded_by' | 'recorded_at' | 'template_version' | 'letter_edited'>,
): Promise<DecisionRow | null> {
  const rows = (await trx('decisions')
    .insert(row)
    .onConflict('user_id')
    .merge(['decision', 'letter', 'recorded_by', 'recorded_at', 'template_version', 'letter_edited'])
    .whereNull('decisions.released_at')
    .returning('*')) as DecisionRow[];
  return rows[0] ?? null;
}

/** Releases the recorded decision once; the row as stored (what the audit and the webhook describe), or null when already released. */
export async function markDecisionReleased(trx: Knex.Transaction, userId: string, by: string, now: Date): Promise<DecisionRow | null> {
  const rows = (await trx('decisions')
    .where({ user_id: userId })
    .whereNull('released_at')
    .update({ released_at: now, released_by: by })
    .returning('*')) as DecisionRow[];
  return rows[0] ?? null;
}

export async function markDecisionNotified(knex: Knex, userId: string, now: Date): Promise<boolean> {
  return (
    (await knex('decisions').where({ user_id: userId }).whereNotNull('released_at').whereNull('notified_at').update({ notified_at: now })) >
    0
  );
}

/**
 * A line of the audit trail (the staff desk's table) written in the caller's transaction, so the trail
 * holds exactly the changes that committed. `actor`: a staff e-mail, `integration:<client>`, `counselor`
 * or `applicant`.
 */
export async function recordChecklistAudit(
  trx: Knex | Knex.Transaction,
  entry: { at: Date; actor: string; action: string; userId: string; detail?: Record<string, unknown>; ip?: string | null },
): Promise<void> {
  await trx('staff_audit').insert({
    at: entry.at,
    staff_email: entry.actor,
    action: entry.action,
    user_id: entry.userId,
    detail: JSON.stringify(entry.detail ?? {}),
    ip: entry.ip ?? null,
  });
}

/** Checklist and decision of several applications at once (the integration feed's page, the staff list). */
export interface AfterSubmissionRows {
  checklist: ChecklistRow | null;
  decision: DecisionRow | null;
}

export async function afterSubmissionForMany(knex: Knex, userIds: readonly string[]): Promise<Map<string, AfterSubmissionRows>> {
  const out = new Map<string, AfterSubmissionRows>();
  if (userIds.length === 0) return out;
  for (const id of userIds) out.set(id, { checklist: null, decision: null });
  for (const row of (await knex('transcript_checklist').whereIn('user_id', userIds)) as ChecklistRow[])
    out.get(row.user_id)!.checklist = row;
  for (const row of (await knex('decisions').whereIn('user_id', userIds)) as DecisionRow[]) out.get(row.user_id)!.decision = row;
  return out;
}
