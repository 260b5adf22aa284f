import type { Knex } from 'knex';
import type { CarriedAnswers } from './carried-answers.server.js';

/** Kept answers older than this are of a browser that never came back; they are purged as others are kept. */
export const KEPT_ANSWERS_DAYS = 7;

/** The owner of a visitor's own answers (typed before any login); otherwise an account's id (migration 096). */
export const VISITOR_OWNER = '';

export interface KeptRow {
  owner: string;
  answers: CarriedAnswers;
  received_at: Date;
}

/** Deletes every row older than KEPT_ANSWERS_DAYS (uses the received_at index). */
export async function purgeExpiredKeptAnswers(knex: Knex, at: Date): Promise<void> {
  await knex('kept_answers').where('received_at', '<', new Date(at.getTime() - KEPT_ANSWERS_DAYS * 86_400_000)).delete();
}

/**
 * Answers a form page posted without a valid session, under the hash of the browser's token and their owner (see
 * migrations 095, 096). Later posts from the same browser and owner add to them; newer keys win.
 */
export async function keepAnswers(knex: Knex, tokenHash: string, owner: string, answers: CarriedAnswers, at: Date): Promise<void> {
  await purgeExpiredKeptAnswers(knex, at);
  const existing = await findKeptAnswers(knex, tokenHash, owner);
  await knex('kept_answers')
    .insert({ token_hash: tokenHash, owner, answers: JSON.stringify({ ...(existing ?? {}), ...answers }), received_at: at })
    .onConflict(['token_hash', 'owner'])
    .merge(['answers', 'received_at']);
}

export async function findKeptAnswers(knex: Knex, tokenHash: string, owner: string): Promise<CarriedAnswers | null> {
  const row = (await knex('kept_answers').where({ token_hash: tokenHash, owner }).first('answers')) as { answers: CarriedAnswers } | undefined;
  return row?.answers ?? null;
}

/**
 * Returns and deletes, in one step, what this browser keeps for `userId`: the visitor's own answers and those its
 * pages posted for this account. Answers kept for any other account stay where they are. `left` says whether any do.
 */
export async function takeKeptAnswers(knex: Knex, tokenHash: string, userId: string): Promise<{ rows: KeptRow[]; left: boolean }> {
  const rows = (await knex('kept_answers')
    .where({ token_hash: tokenHash })
    .whereIn('owner', [VISITOR_OWNER, userId])
    .delete()
    .returning(['owner', 'answers', 'received_at'])) as KeptRow[];
  const others = (await knex('kept_answers').where({ token_hash: tokenHash }).first(knex.raw('1 as one'))) as unknown;
  return { rows: rows.map((r) => ({ ...r, received_at: new Date(r.received_at) })), left: Boolean(others) };
}

/** Whether this browser already keeps answers for `owner` (a new row costs the address one of its allowance). */
export async function hasKeptAnswers(knex: Knex, tokenHash: string, owner: string): Promise<boolean> {
  return Boolean(await knex('kept_answers').where({ token_hash: tokenHash, owner }).first(knex.raw('1 as one')));
}
