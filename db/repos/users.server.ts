import type { Knex } from 'knex';

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  confirmed_at: Date | null;
  password_changed_at: Date | null;
  created_at: Date;
}

/** `username` must already be normalised (trimmed, lower-case): see `authValues` in contracts/auth-check.ts. */
export async function findUserByUsername(knex: Knex, username: string): Promise<UserRow | null> {
  return ((await knex('users').where({ username }).first()) as UserRow | undefined) ?? null;
}

export async function findUserById(knex: Knex, id: string): Promise<UserRow | null> {
  return ((await knex('users').where({ id }).first()) as UserRow | undefined) ?? null;
}

/** Inserts unless the address is taken (a concurrent sign-up); returns the new row or null. */
export async function insertUser(knex: Knex, user: { username: string; password_hash: string; created_at: Date }): Promise<UserRow | null> {
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
