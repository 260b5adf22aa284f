import type { Knex } from 'knex';

/** Confirmation codes and reset tokens: one live row per user, stored hashed (server/auth hashes). */

export interface CodeRow {
  user_id: string;
  code_hmac: string;
  failed_attempts: number;
  expires_at: Date;
}

/** Replaces any previous code: resending invalidates the older one. */
export async function putCode(knex: Knex, row: Omit<CodeRow, 'failed_attempts'>): Promise<void> {
  await knex('confirmation_codes')
    .insert({ ...row, failed_attempts: 0 })
    .onConflict('user_id')
    .merge(['code_hmac', 'expires_at', 'failed_attempts']);
}

export async function findCode(knex: Knex, userId: string): Promise<CodeRow | null> {
  return ((await knex('confirmation_codes').where({ user_id: userId }).first()) as CodeRow | undefined) ?? null;
}

/** Counts a wrong guess atomically; returns the new count. */
export async function countFailedCode(knex: Knex, userId: string, codeHmac: string): Promise<number> {
  const rows = (await knex('confirmation_codes')
    .where({ user_id: userId, code_hmac: codeHmac })
    .increment('failed_attempts', 1)
    .returning('failed_attempts')) as Array<{ failed_attempts: number }>;
  return rows[0]?.failed_attempts ?? Number.MAX_SAFE_INTEGER;
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

/** Replaces any previous reset token: a newer request supersedes the older link. */
export async function putReset(knex: Knex, row: ResetRow): Promise<void> {
  await knex('password_resets').insert(row).onConflict('user_id').merge(['token_hash', 'expires_at']);
}

/** Deletes and returns the user's reset row if its hash matches: single use even under races. */
export async function consumeReset(knex: Knex, userId: string, tokenHash: string): Promise<ResetRow | null> {
  const rows = (await knex('password_resets').where({ user_id: userId, token_hash: tokenHash }).delete().returning('*')) as ResetRow[];
  return rows[0] ?? null;
}
