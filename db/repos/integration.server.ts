import type { Knex } from 'knex';

export interface IntegrationClientRow {
  id: string;
  name: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

/** A new client; false when a live client already has this name. Only the key's hash is stored. */
export async function insertIntegrationClient(knex: Knex, name: string, keyHash: string, now: Date): Promise<boolean> {
  const rows = (await knex('integration_clients')
    .insert({ name, key_hash: keyHash, created_at: now })
    .onConflict(knex.raw('(name) where revoked_at is null'))
    .ignore()
    .returning('id')) as unknown[];
  return rows.length === 1;
}

export async function listIntegrationClients(knex: Knex): Promise<IntegrationClientRow[]> {
  return knex('integration_clients').orderBy('created_at').select('id', 'name', 'created_at', 'revoked_at', 'last_used_at');
}

export async function revokeIntegrationClient(knex: Knex, name: string, now: Date): Promise<boolean> {
  return (await knex('integration_clients').where({ name }).whereNull('revoked_at').update({ revoked_at: now })) > 0;
}

/** The live client holding this key, marking its use (at most once a minute). */
export async function clientForKey(knex: Knex, keyHash: string, now: Date): Promise<IntegrationClientRow | null> {
  const row = (await knex('integration_clients').where({ key_hash: keyHash }).whereNull('revoked_at').first()) as
    IntegrationClientRow | undefined;
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() > 60_000) {
    await knex('integration_clients').where({ id: row.id }).update({ last_used_at: now });
  }
  return row;
}

export interface FeedCursor {
  at: string;
  id: string;
}

export interface FeedRow {
  user_id: string;
  reference: string | null;
  username: string;
  answers: Record<string, string | boolean>;
  submitted_at: Date;
  /** The deadline round it was submitted under (issue 40); null without DEADLINES. */
  deadline_round: string | null;
}

/**
 * Submitted applications oldest first after the cursor, up to `settledBefore` (a submission is visible
 * once its transaction has surely committed, so a cursor never passes one still in flight). One range
 * scan of applications_submitted_feed.
 */
export async function submittedFeed(knex: Knex, cursor: FeedCursor | null, settledBefore: Date, limit: number): Promise<FeedRow[]> {
  const query = knex('applications as a')
    .join('users as u', 'u.id', 'a.user_id')
    .whereNotNull('a.submitted_at')
    .where('a.submitted_at', '<=', settledBefore)
    .orderBy([{ column: 'a.submitted_at' }, { column: 'a.user_id' }])
    .limit(limit)
    .select('a.user_id', 'a.reference', 'u.username', 'a.answers', 'a.submitted_at', 'a.deadline_round');
  if (cursor) query.whereRaw('(a.submitted_at, a.user_id) > (?, ?)', [cursor.at, cursor.id]);
  return (await query) as FeedRow[];
}
