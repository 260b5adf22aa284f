import type { Knex } from 'knex';

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  confirmed_at: Date | null;
  password_changed_at: Date | null;
  created_at: Date;
  /** migration 200: the language the account reads (docs/i18n.md); null when never recorded. */
  language?: string | null;
}

/** `username` must already be normalised (trimmed, lower-case): see `authValues` in contracts/auth-check.ts. */
export async function findUserByUsername(knex: Knex, username: string): Promise<UserRow | null> {
  return ((await knex('users').where({ username }).first()) as UserRow | undefined) ?? null;
}

export async function findUserById(knex: Knex, id: string): Promise<UserRow | null> {
  return ((await knex('users').where({ id }).first()) as UserRow | undefined) ?? null;
}

/** Inserts unless the address is taken (a concurrent sign-up); returns the new row or null. */
export async function insertUser(
  knex: Knex,
  user: { username: string; password_hash: string; created_at: Date; language?: string },
): Promise<UserRow | null> {
  const rows = (await knex('users').insert(user).onConflict('username').ignore().returning('*')) as UserRow[];
  return rows[0] ?? null;
}

export async function markConfirmed(knex: Knex, userId: string, at: Date): Promise<void> {
  await knex('users').where({ id: userId }).whereNull('confirmed_at').update({ confirmed_at: at });
}

export async function updatePassword(knex: Knex, userId: string, passwordHash: string, at: Date): Promise<void> {
  await knex('users').where({ id: userId }).update({ password_hash: passwordHash, password_changed_at: at });
}

/** §3 successful_login: one row per login. */
export async function recordLogin(knex: Knex, userId: string, at: Date): Promise<void> {
  await knex('user_logins').insert({ user_id: userId, logged_in_at: at });
}

/** §3 successful_login list, oldest first (its length is the number of logins). */
export async function listLogins(knex: Knex, userId: string): Promise<Date[]> {
  const rows = (await knex('user_logins')
    .where({ user_id: userId })
    .orderBy('logged_in_at')
    .orderBy('id')
    .select('logged_in_at')) as Array<{ logged_in_at: Date }>;
  return rows.map((r) => r.logged_in_at);
}

/** Remembers the account's language (docs/i18n.md): written only when it differs, so repeated requests write nothing. */
export async function rememberLanguage(knex: Knex, userId: string, language: string): Promise<void> {
  await knex('users')
    .where({ id: userId })
    .andWhere((q) => q.whereNull('language').orWhereNot('language', language))
    .update({ language });
}

/** The account's language as stored (null when never recorded). */
export async function accountLanguage(knex: Knex, userId: string): Promise<string | null> {
  const row = (await knex('users').where({ id: userId }).first('language')) as { language: string | null } | undefined;
  return row?.language ?? null;
}
