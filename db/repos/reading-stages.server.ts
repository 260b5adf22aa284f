import type { Knex } from 'knex';

/**
 * Each submitted application's stage in the office's reading (migration 130). The row is made at submission
 * or on first use; `decided` and `released` are read from the decision row (effectiveStage), never stored.
 */

export interface ReadingRow {
  user_id: string;
  stage: string;
  updated_at: Date;
}

/** Where an application without a row starts: ready for review when its transcript is in, else incomplete. */
async function startingStage(knex: Knex | Knex.Transaction, userId: string): Promise<string> {
  const checklist = (await knex('transcript_checklist').where({ user_id: userId }).first('status')) as { status: string } | undefined;
  return checklist?.status === 'received' ? 'ready_for_review' : 'incomplete';
}

/** The reading row under lock for the rest of `trx` (made first when missing); null when the application is not submitted. */
export async function lockReading(trx: Knex.Transaction, userId: string, now: Date): Promise<ReadingRow | null> {
  const app = await trx('applications').where({ user_id: userId }).whereNotNull('submitted_at').first('user_id');
  if (!app) return null;
  await trx('application_reading')
    .insert({ user_id: userId, stage: await startingStage(trx, userId), updated_at: now })
    .onConflict('user_id')
    .ignore();
  return ((await trx('application_reading').where({ user_id: userId }).forUpdate().first()) as ReadingRow | undefined) ?? null;
}

export async function setStage(trx: Knex.Transaction, userId: string, stage: string, now: Date): Promise<void> {
  await trx('application_reading').where({ user_id: userId }).update({ stage, updated_at: now });
}

/**
 * The transcript became received (the checklist's writes call this, in their transaction): an application still
 * waiting for documents is now ready for review. Idempotent; never moves one that is further on.
 */
export async function markReadyForReview(trx: Knex | Knex.Transaction, userId: string, now: Date): Promise<void> {
  await trx('application_reading').insert({ user_id: userId, stage: 'ready_for_review', updated_at: now }).onConflict('user_id').ignore();
  await trx('application_reading').where({ user_id: userId, stage: 'incomplete' }).update({ stage: 'ready_for_review', updated_at: now });
}

/** The stage as staff and the CRM see it: released or decided by the decision row, else the stored (or starting) stage. */
export function effectiveStage(stored: string | null, checklistReceived: boolean, decision: { released_at: Date | null } | null): string {
  if (decision?.released_at) return 'released';
  if (decision) return 'decided';
  return stored ?? (checklistReceived ? 'ready_for_review' : 'incomplete');
}

/** The effective stage of several submitted applications at once (the feed's page, the committee view). */
export async function stagesFor(knex: Knex | Knex.Transaction, userIds: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (userIds.length === 0) return out;
  const rows = (await knex('applications as a')
    .leftJoin('application_reading as r', 'r.user_id', 'a.user_id')
    .leftJoin('transcript_checklist as c', 'c.user_id', 'a.user_id')
    .leftJoin('decisions as d', 'd.user_id', 'a.user_id')
    .whereIn('a.user_id', userIds)
    .whereNotNull('a.submitted_at')
    .select('a.user_id', 'r.stage', 'c.status as checklist', 'd.decision', 'd.released_at')) as Array<{
    user_id: string;
    stage: string | null;
    checklist: string | null;
    decision: string | null;
    released_at: Date | null;
  }>;
  for (const r of rows)
    out.set(r.user_id, effectiveStage(r.stage, r.checklist === 'received', r.decision ? { released_at: r.released_at } : null));
  return out;
}
