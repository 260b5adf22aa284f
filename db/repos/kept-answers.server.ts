import type { Knex } from 'knex';
import type { CarriedAnswers } from './carried-answers.server.js';

/** Kept answers older than this are of a browser that never came back; they are purged as others are kept. */
export const KEPT_ANSWERS_DAYS = 7;

/**
 * A visitor's own answers (owner '') last this long after their last write, whatever the cookie says: on a shared
 * computer the next person must not find them (issue 35 finding 3). An account's kept answers keep KEPT_ANSWERS_DAYS.
 */
export const KEPT_VISITOR_IDLE_MINUTES = 30;

/** The owner of a visitor's own answers (typed before any login); otherwise an account's id (migration 096). */
export const VISITOR_OWNER = '';

export interface KeptRow {
  owner: string;
  answers: CarriedAnswers;
  received_at: Date;
}

const daysAgo = (at: Date) => new Date(at.getTime() - KEPT_ANSWERS_DAYS * 86_400_000);
const idleSince = (at: Date) => new Date(at.getTime() - KEPT_VISITOR_IDLE_MINUTES * 60_000);

/** Whether a row is still alive at `at`: a visitor's within the idle limit, an account's within the days. */
export function isLiveKeptRow(row: Pick<KeptRow, 'owner' | 'received_at'>, at: Date): boolean {
  const since = row.owner === VISITOR_OWNER ? idleSince(at) : daysAgo(at);
  return row.received_at.getTime() >= since.getTime();
}

/** Only the rows alive at `at` (see isLiveKeptRow), for the queries that show, carry or count kept answers. */
function live(query: Knex.QueryBuilder, owner: string, at: Date): Knex.QueryBuilder {
  return query.where('received_at', '>=', owner === VISITOR_OWNER ? idleSince(at) : daysAgo(at));
}

/** Deletes every row past its life: any older than KEPT_ANSWERS_DAYS, a visitor's idle past the limit (indexed). */
export async function purgeExpiredKeptAnswers(knex: Knex, at: Date): Promise<void> {
  await knex('kept_answers')
    .where('received_at', '<', daysAgo(at))
    .orWhere((q) => q.where('owner', VISITOR_OWNER).andWhere('received_at', '<', idleSince(at)))
    .delete();
}

/**
 * Answers a form page posted without a valid session, under the hash of the browser's token and their owner (see
 * migrations 095, 096). Later posts from the same browser and owner add to them; newer keys win.
 */
export async function keepAnswers(knex: Knex, tokenHash: string, owner: string, answers: CarriedAnswers, at: Date): Promise<void> {
  await purgeExpiredKeptAnswers(knex, at);
  const existing = await findKeptAnswers(knex, tokenHash, owner, at);
  await knex('kept_answers')
    .insert({ token_hash: tokenHash, owner, answers: JSON.stringify({ ...(existing ?? {}), ...answers }), received_at: at })
    .onConflict(['token_hash', 'owner'])
    .merge(['answers', 'received_at']);
}

export async function findKeptAnswers(knex: Knex, tokenHash: string, owner: string, at: Date): Promise<CarriedAnswers | null> {
  const row = (await live(knex('kept_answers').where({ token_hash: tokenHash, owner }), owner, at).first('answers')) as
    { answers: CarriedAnswers } | undefined;
  return row?.answers ?? null;
}

/**
 * Returns and deletes, in one step, what this browser keeps for `userId`: the visitor's own answers and those its
 * pages posted for this account; rows past their life are deleted, not returned. Answers kept for any other account
 * stay where they are. `left` says whether any do.
 */
export async function takeKeptAnswers(
  knex: Knex,
  tokenHash: string,
  userId: string,
  at: Date,
): Promise<{ rows: KeptRow[]; left: boolean }> {
  const rows = (await knex('kept_answers')
    .where({ token_hash: tokenHash })
    .whereIn('owner', [VISITOR_OWNER, userId])
    .delete()
    .returning(['owner', 'answers', 'received_at'])) as KeptRow[];
  const others = (await knex('kept_answers').where({ token_hash: tokenHash }).first(knex.raw('1 as one'))) as unknown;
  const taken = rows.map((r) => ({ ...r, received_at: new Date(r.received_at) })).filter((r) => isLiveKeptRow(r, at));
  return { rows: taken, left: Boolean(others) };
}

/** Whether this browser keeps live answers for `owner` (a new row costs the address one of its allowance). */
export async function hasKeptAnswers(knex: Knex, tokenHash: string, owner: string, at: Date): Promise<boolean> {
  return Boolean(await live(knex('kept_answers').where({ token_hash: tokenHash, owner }), owner, at).first(knex.raw('1 as one')));
}

/** Deletes everything this browser keeps, for any owner ("Not you? Clear the answers on this computer"). */
export async function clearKeptAnswers(knex: Knex, tokenHash: string): Promise<void> {
  await knex('kept_answers').where({ token_hash: tokenHash }).delete();
}
