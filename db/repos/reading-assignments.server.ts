import type { Knex } from 'knex';

/** Who reads which application in which round (migration 130): one reader per application and round. */

export type ReadingRound = 'first' | 'second';
export const READING_ROUNDS: readonly ReadingRound[] = ['first', 'second'];

export interface AssignmentRow {
  id: string;
  user_id: string;
  reader: string;
  round: ReadingRound;
  assigned_by: string;
  assigned_at: Date;
}

/** Assigns (or reassigns) the round's reader; the row as stored. */
export async function upsertAssignment(trx: Knex.Transaction, row: Omit<AssignmentRow, 'id'>): Promise<AssignmentRow> {
  const rows = (await trx('reading_assignments')
    .insert(row)
    .onConflict(['user_id', 'round'])
    .merge(['reader', 'assigned_by', 'assigned_at'])
    .returning('*')) as AssignmentRow[];
  return rows[0]!;
}

export async function assignmentsOf(knex: Knex | Knex.Transaction, userId: string): Promise<AssignmentRow[]> {
  return (await knex('reading_assignments').where({ user_id: userId }).orderBy('round')) as AssignmentRow[];
}

/**
 * A reader's queue: their assignments whose review is not submitted yet, oldest assignment first (then by
 * application, so the order is total and next/previous are stable).
 */
export async function queueOf(
  knex: Knex | Knex.Transaction,
  reader: string,
): Promise<Array<Pick<AssignmentRow, 'user_id' | 'round' | 'assigned_at'> & { reference: string | null }>> {
  return knex('reading_assignments as a')
    .join('applications as p', 'p.user_id', 'a.user_id')
    .leftJoin('reading_reviews as r', function () {
      this.on('r.user_id', '=', 'a.user_id').andOn('r.reader', '=', 'a.reader').andOn('r.round', '=', 'a.round');
    })
    .leftJoin('decisions as d', 'd.user_id', 'a.user_id')
    .where('a.reader', reader.toLowerCase())
    .whereNull('r.id')
    .whereNull('d.released_at')
    .orderBy([{ column: 'a.assigned_at' }, { column: 'a.user_id' }, { column: 'a.round' }])
    .select('a.user_id', 'a.round', 'a.assigned_at', 'p.reference');
}
