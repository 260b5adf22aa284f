import type { Knex } from 'knex';
import {
  applicationReadOf,
  applicationReadSql,
  type ApplicationRead,
  type ApplicationReadKind,
  type PageApplicationRead,
} from './applications.server.js';

export interface SessionRow {
  id_hash: string;
  user_id: string;
  created_at: Date;
  last_seen_at: Date;
}

export interface SessionWithUser extends SessionRow {
  username: string;
  /** The account's language (migration 200), null until it made a state-changing request. */
  language: string | null;
}

export async function insertSession(knex: Knex, row: SessionRow): Promise<void> {
  await knex('sessions').insert(row);
}

export async function findSession(knex: Knex, idHash: string): Promise<SessionWithUser | null> {
  const row = await knex('sessions')
    .join('users', 'users.id', 'sessions.user_id')
    .where('sessions.id_hash', idHash)
    .first('sessions.id_hash', 'sessions.user_id', 'sessions.created_at', 'sessions.last_seen_at', 'users.username', 'users.language');
  return (row as SessionWithUser | undefined) ?? null;
}

export interface SessionWithApplication extends SessionWithUser {
  /** The user's application as findApplication ('row') or findApplicationForPage ('page') reads it; undefined when none. */
  application: ApplicationRead | PageApplicationRead | undefined;
}

/**
 * The session with its user's application, in one statement: a request that will read the application (a
 * student's page, an answer save) makes one round trip where it made two (issue 28). The application belongs
 * to the session's own user, and whoever uses it still checks the session first.
 */
export async function findSessionWithApplication(
  knex: Knex,
  idHash: string,
  kind: ApplicationReadKind,
): Promise<SessionWithApplication | null> {
  const { rows } = (await knex.raw(
    `select s.id_hash, s.user_id, s.created_at, s.last_seen_at, u.username, u.language, ${applicationReadSql(kind, 's.user_id')} as application
      from sessions s join users u on u.id = s.user_id where s.id_hash = ? limit 1`,
    [idHash],
  )) as { rows: Array<SessionWithUser & { application: unknown }> };
  const row = rows[0];
  if (!row) return null;
  return {
    ...row,
    created_at: new Date(row.created_at),
    last_seen_at: new Date(row.last_seen_at),
    application: applicationReadOf(row.application),
  };
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
