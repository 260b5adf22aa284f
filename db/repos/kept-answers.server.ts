import type { Knex } from 'knex';
import type { CarriedAnswers } from './carried-answers.server.js';

/** Kept answers older than this are of a browser that never came back; they are dropped as others are kept. */
export const KEPT_ANSWERS_DAYS = 7;

/**
 * Answers a form page posted without a valid session, under the hash of the browser's token (see migration
 * 085). Later posts from the same browser add to them; newer keys win.
 */
export async function keepAnswers(knex: Knex, tokenHash: string, answers: CarriedAnswers, at: Date): Promise<void> {
  await knex('kept_answers').where('received_at', '<', new Date(at.getTime() - KEPT_ANSWERS_DAYS * 86_400_000)).delete();
  const existing = await findKeptAnswers(knex, tokenHash);
  await knex('kept_answers')
    .insert({ token_hash: tokenHash, answers: JSON.stringify({ ...(existing ?? {}), ...answers }), received_at: at })
    .onConflict('token_hash')
    .merge(['answers', 'received_at']);
}

export async function findKeptAnswers(knex: Knex, tokenHash: string): Promise<CarriedAnswers | null> {
  const row = (await knex('kept_answers').where({ token_hash: tokenHash }).first('answers')) as { answers: CarriedAnswers } | undefined;
  return row?.answers ?? null;
}

/** Returns and deletes them in one step (a login takes them once). */
export async function takeKeptAnswers(knex: Knex, tokenHash: string): Promise<CarriedAnswers | null> {
  const rows = (await knex('kept_answers').where({ token_hash: tokenHash }).delete().returning('answers')) as Array<{ answers: CarriedAnswers }>;
  return rows[0]?.answers ?? null;
}
