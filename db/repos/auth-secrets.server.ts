import type { Knex } from 'knex';

/** Confirmation codes and reset tokens: one live row per user, stored hashed (server/auth hashes). */

export interface CodeRow {
  user_id: string;
  code_hmac: string;
  failed_attempts: number;
  expires_at: Date;
}

/** An id no account has: flows for unknown addresses run the same statements against it (no timing oracle). */
export const NO_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Replaces any previous code (resending invalidates the older one), only for an account of this id still
 * awaiting confirmation; one statement whatever the case, so callers may run it for unknown addresses too
 * (with NO_ACCOUNT_ID). True when a code was stored. Wrong guesses are counted per account elsewhere
 * (server/auth/accounts.server.ts), so a new code does not refill them; failed_attempts is no longer used.
 */
export async function putCode(knex: Knex, row: Omit<CodeRow, 'failed_attempts'>): Promise<boolean> {
  const { rows } = (await knex.raw(
    `insert into confirmation_codes (user_id, code_hmac, expires_at, failed_attempts)
     select id, ?, ?, 0 from users where id = ? and confirmed_at is null
     on conflict (user_id) do update set code_hmac = excluded.code_hmac, expires_at = excluded.expires_at
     returning user_id`,
    [row.code_hmac, row.expires_at, row.user_id],
  )) as { rows: unknown[] };
  return rows.length === 1;
}

export async function findCode(knex: Knex, userId: string): Promise<CodeRow | null> {
  return ((await knex('confirmation_codes').where({ user_id: userId }).first()) as CodeRow | undefined) ?? null;
}

/** Deletes the code if it is still the given one; true when this call consumed it (single use). */
export async function consumeCode(knex: Knex, userId: string, codeHmac: string): Promise<boolean> {
  // .returning(): PGlite's delete resolves to a result object, not a count.
  const rows = await knex('confirmation_codes').where({ user_id: userId, code_hmac: codeHmac }).delete().returning('user_id');
  return rows.length === 1;
}

export async function deleteCode(knex: Knex, userId: string): Promise<void> {
  await knex('confirmation_codes').where({ user_id: userId }).delete();
}

export interface ResetRow {
  user_id: string;
  token_hash: string;
  expires_at: Date;
}

/**
 * Replaces any previous reset token (a newer request supersedes the older link) when an account has this id;
 * one statement whatever the case, so callers run it for unknown addresses too (with NO_ACCOUNT_ID).
 */
export async function putReset(knex: Knex, row: ResetRow): Promise<boolean> {
  const { rows } = (await knex.raw(
    `insert into password_resets (user_id, token_hash, expires_at)
     select id, ?, ? from users where id = ?
     on conflict (user_id) do update set token_hash = excluded.token_hash, expires_at = excluded.expires_at
     returning user_id`,
    [row.token_hash, row.expires_at, row.user_id],
  )) as { rows: unknown[] };
  return rows.length === 1;
}

/** Deletes and returns the user's reset row if its hash matches: single use even under races. */
export async function consumeReset(knex: Knex, userId: string, tokenHash: string): Promise<ResetRow | null> {
  const rows = (await knex('password_resets').where({ user_id: userId, token_hash: tokenHash }).delete().returning('*')) as ResetRow[];
  return rows[0] ?? null;
}
