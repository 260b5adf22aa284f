import type { Knex } from 'knex';

/**
 * The replies to offers (migration 170): read and written by the application's user id only. Writers lock the
 * submitted application's row first (lockDecision, db/repos/after-submission.server.ts) and then this row, so an
 * applicant, the office and a lead take turns on PostgreSQL too.
 */

export type ReplyAnswer = 'enroll' | 'decline' | 'stay' | 'leave';
export const REPLY_ANSWERS: readonly ReplyAnswer[] = ['enroll', 'decline', 'stay', 'leave'];
/** Which answers each released decision asks for. */
export const ANSWERS_FOR = { admit: ['enroll', 'decline'], waitlist: ['stay', 'leave'] } as const satisfies Record<
  'admit' | 'waitlist',
  readonly ReplyAnswer[]
>;
export type WaiverStatus = 'requested' | 'approved' | 'declined';

export interface ReplyRow {
  user_id: string;
  answer: ReplyAnswer;
  college_name: string | null;
  college_lookup_id: string | null;
  replied_at: Date;
  replied_by: string;
  version: number;
  waiver_status: WaiverStatus | null;
  waiver_reason: string | null;
  waiver_requested_at: Date | null;
  waiver_decided_by: string | null;
  waiver_decided_at: Date | null;
}

export async function findReply(knex: Knex | Knex.Transaction, userId: string): Promise<ReplyRow | null> {
  return ((await knex('enrollment_replies').where({ user_id: userId }).first()) as ReplyRow | undefined) ?? null;
}

/** The reply under lock for the rest of `trx` (after lockDecision has taken the application's row). */
export async function lockReply(trx: Knex.Transaction, userId: string): Promise<ReplyRow | null> {
  return ((await trx('enrollment_replies').where({ user_id: userId }).forUpdate().first()) as ReplyRow | undefined) ?? null;
}

/** Writes the reply (a new one, or the next version of the stored one); the row as stored. */
export async function saveReply(
  trx: Knex.Transaction,
  row: Pick<ReplyRow, 'user_id' | 'answer' | 'college_name' | 'college_lookup_id' | 'replied_at' | 'replied_by'>,
  previous: ReplyRow | null,
): Promise<ReplyRow> {
  const rows = previous
    ? ((await trx('enrollment_replies')
        .where({ user_id: row.user_id, version: previous.version })
        .update({ ...row, version: previous.version + 1 })
        .returning('*')) as ReplyRow[])
    : ((await trx('enrollment_replies')
        .insert({ ...row, version: 1 })
        .returning('*')) as ReplyRow[]);
  return rows[0]!;
}

/** Records the applicant's waiver request, or a lead's answer to it; the row as stored. */
export async function updateWaiver(
  trx: Knex.Transaction,
  userId: string,
  patch: Partial<Pick<ReplyRow, 'waiver_status' | 'waiver_reason' | 'waiver_requested_at' | 'waiver_decided_by' | 'waiver_decided_at'>>,
): Promise<ReplyRow> {
  const rows = (await trx('enrollment_replies').where({ user_id: userId }).update(patch).returning('*')) as ReplyRow[];
  return rows[0]!;
}

/** Replies of several applications at once (the integration feed's page, the staff list's page). */
export async function repliesFor(knex: Knex, userIds: readonly string[]): Promise<Map<string, ReplyRow>> {
  if (userIds.length === 0) return new Map();
  const rows = (await knex('enrollment_replies').whereIn('user_id', [...userIds])) as ReplyRow[];
  return new Map(rows.map((r) => [r.user_id, r]));
}

/** The desk list's reply filter: a reply, a waiver's state, or an admitted applicant who has not replied yet. */
export const REPLY_FILTERS = [
  'none',
  'enroll',
  'decline',
  'stay',
  'leave',
  'waiver-requested',
  'waiver-approved',
  'waiver-declined',
] as const;
export type ReplyFilter = (typeof REPLY_FILTERS)[number];

/** The filter's condition on `applications a` (db/repos/staff-applications.server.ts applyStaffFilter). */
export function applyReplyFilter(query: Knex.QueryBuilder, filter: ReplyFilter | null | undefined): void {
  if (!filter) return;
  if (filter === 'none') {
    query
      .whereRaw(
        `exists (select 1 from decisions d where d.user_id = a.user_id and d.released_at is not null and d.decision in ('admit', 'waitlist'))`,
      )
      .whereRaw('not exists (select 1 from enrollment_replies r where r.user_id = a.user_id)');
  } else if (filter.startsWith('waiver-')) {
    query.whereRaw('exists (select 1 from enrollment_replies r where r.user_id = a.user_id and r.waiver_status = ?)', [
      filter.slice('waiver-'.length),
    ]);
  } else query.whereRaw('exists (select 1 from enrollment_replies r where r.user_id = a.user_id and r.answer = ?)', [filter]);
}
