import type { Knex } from 'knex';
import { effectiveStage } from './reading-stages.server.js';

/** The reading pages' lists of submitted applications (issue 37): who, at which stage, with which decision. */

export interface ReadingListRow {
  user_id: string;
  reference: string | null;
  answers: Record<string, string | boolean>;
  stage: string;
  decision: string | null;
  released: boolean;
}

/** Most rows a reading list shows at once; the filters narrow it. */
export const READING_LIST_LIMIT = 500;

/**
 * Submitted applications, oldest submission first, whose effective stage is one of `stages` (decided and released
 * come from the decision row, as stagesFor reads them), at most READING_LIST_LIMIT.
 */
export async function applicationsAt(knex: Knex, stages: readonly string[], decision?: string | null): Promise<ReadingListRow[]> {
  const query = knex('applications as a')
    .leftJoin('application_reading as r', 'r.user_id', 'a.user_id')
    .leftJoin('transcript_checklist as c', 'c.user_id', 'a.user_id')
    .leftJoin('decisions as d', 'd.user_id', 'a.user_id')
    .whereNotNull('a.submitted_at')
    .orderBy([{ column: 'a.submitted_at' }, { column: 'a.user_id' }])
    .limit(READING_LIST_LIMIT * 4)
    .select('a.user_id', 'a.reference', 'a.answers', 'r.stage', 'c.status as checklist', 'd.decision', 'd.released_at');
  if (decision) query.where('d.decision', decision);
  const rows = (await query) as Array<{
    user_id: string;
    reference: string | null;
    answers: Record<string, string | boolean>;
    stage: string | null;
    checklist: string | null;
    decision: string | null;
    released_at: Date | null;
  }>;
  return rows
    .map((r) => ({
      user_id: r.user_id,
      reference: r.reference,
      answers: r.answers ?? {},
      stage: effectiveStage(r.stage, r.checklist === 'received', r.decision ? { released_at: r.released_at } : null),
      decision: r.decision,
      released: Boolean(r.released_at),
    }))
    .filter((r) => stages.includes(r.stage))
    .slice(0, READING_LIST_LIMIT);
}

/** References and answers of some applications (a batch's items), by id. */
export async function applicationsByIds(
  knex: Knex,
  ids: readonly string[],
): Promise<Map<string, { reference: string | null; answers: Record<string, string | boolean> }>> {
  if (ids.length === 0) return new Map();
  const rows = (await knex('applications').whereIn('user_id', ids).select('user_id', 'reference', 'answers')) as Array<{
    user_id: string;
    reference: string | null;
    answers: Record<string, string | boolean>;
  }>;
  return new Map(rows.map((r) => [r.user_id, { reference: r.reference, answers: r.answers ?? {} }]));
}

/** A submitted application's id by its reference (FA-…), as staff type it; null when none. */
export async function submittedIdByReference(knex: Knex, reference: string): Promise<string | null> {
  const row = (await knex('applications')
    .whereRaw('upper(reference) = ?', [reference.trim().toUpperCase()])
    .whereNotNull('submitted_at')
    .first('user_id')) as { user_id: string } | undefined;
  return row?.user_id ?? null;
}

/** Who reads each of these applications in which round ("reader1@… (first)"), for the assignment page. */
export async function readersOf(knex: Knex, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = (await knex('reading_assignments')
    .whereIn('user_id', ids)
    .orderBy(['user_id', 'round'])
    .select('user_id', 'reader', 'round')) as Array<{ user_id: string; reader: string; round: string }>;
  for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), `${r.reader} (${r.round} read)`]);
  return out;
}
