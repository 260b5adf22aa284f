import type { Knex } from 'knex';

export interface SessionRow {
  id_hash: string;
  user_id: string;
  created_at: Date;
  last_seen_at: Date;
}

export interface SessionWithUser extends SessionRow {
  username: string;
}

export async function insertSession(knex: Knex, row: SessionRow): Promise<void> {
  await knex('sessions').insert(row);
}

export async function findSession(knex: Knex, idHash: string): Promise<SessionWithUser | null> {
  const row = await knex('sessions')
    .join('users', 'users.id', 'sessions.user_id')
    .where('sessions.id_hash', idHash)
    .first('sessions.id_hash', 'sessions.user_id', 'sessions.created_at', 'sessions.last_seen_at', 'users.username');
  return (row as SessionWithUser | undefined) ?? null;
}

export async function touchSession(knex: Knex, idHash: string, at: Date): Promise<void> {
  await knex('sessions').where({ id_hash: idHash }).update({ last_seen_at: at });
}

export async function deleteSession(knex: Knex, idHash: string): Promise<void> {
  await knex('sessions').where({ id_hash: idHash }).delete();
}

export async function deleteUserSessions(knex: Knex, userId: string): Promise<void> {
  await knex('sessions').where({ user_id: userId }).delete();
}

/** Housekeeping: sessions idle or older than the limits can never be used again. */
export async function deleteExpiredSessions(knex: Knex, idleBefore: Date, createdBefore: Date): Promise<void> {
  await knex('sessions').where('last_seen_at', '<', idleBefore).orWhere('created_at', '<', createdBefore).delete();
}
