import type { Knex } from 'knex';
import type { ReadingRound } from './reading-assignments.server.js';

/** The readers' reviews (migration 130): one per application, reader and round; a submitted review is final. */

export interface ReviewRow {
  id: string;
  user_id: string;
  reader: string;
  round: ReadingRound;
  answers: Record<string, string | number>;
  submitted_at: Date;
}

/** Stores the review unless this reader already submitted one for the round: the row, or null (first write wins). */
export async function insertReview(trx: Knex.Transaction, row: Omit<ReviewRow, 'id'>): Promise<ReviewRow | null> {
  const rows = (await trx('reading_reviews')
    .insert({ ...row, answers: JSON.stringify(row.answers) })
    .onConflict(['user_id', 'reader', 'round'])
    .ignore()
    .returning('*')) as ReviewRow[];
  return rows[0] ?? null;
}

export async function reviewsOf(knex: Knex | Knex.Transaction, userIds: readonly string[]): Promise<ReviewRow[]> {
  if (userIds.length === 0) return [];
  return (await knex('reading_reviews')
    .whereIn('user_id', userIds)
    .orderBy([{ column: 'user_id' }, { column: 'round' }, { column: 'submitted_at' }, { column: 'id' }])) as ReviewRow[];
}
