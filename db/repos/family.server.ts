import type { Knex } from 'knex';

/**
 * Family access (issue 39): invitations, sign-in codes and read-only sessions (db/migrations/180_family_access.ts).
 * Every applicant-side query is scoped by the applicant's id; every family-side query by the signed-in address.
 */

export interface FamilyMemberRow {
  id: string;
  user_id: string;
  name: string;
  email: string;
  invited_at: Date;
  last_signed_in_at: Date | null;
}

export type InviteOutcome = { ok: true; member: FamilyMemberRow } | { ok: false; reason: 'limit' | 'duplicate' | 'not-submitted' };

/**
 * Adds an invitation unless the applicant already has `max` or this address. The applicant's application row is
 * locked first, so simultaneous invitations take turns and the count they see is the count that stays (on
 * PostgreSQL and PGlite alike); the unique (user_id, email) index backs the duplicate check.
 */
export async function insertInvitation(
  knex: Knex,
  input: { userId: string; name: string; email: string; now: Date; max: number },
): Promise<InviteOutcome> {
  return knex.transaction(async (trx) => {
    const app = (await trx('applications').where({ user_id: input.userId }).forUpdate().first('submitted_at')) as
      { submitted_at: Date | null } | undefined;
    if (!app?.submitted_at) return { ok: false as const, reason: 'not-submitted' as const };
    const rows = (await trx('family_members').where({ user_id: input.userId }).select('email')) as Array<{ email: string }>;
    if (rows.some((row) => row.email === input.email)) return { ok: false as const, reason: 'duplicate' as const };
    if (rows.length >= input.max) return { ok: false as const, reason: 'limit' as const };
    const [member] = (await trx('family_members')
      .insert({ user_id: input.userId, name: input.name, email: input.email, invited_at: input.now })
      .returning('*')) as FamilyMemberRow[];
    return { ok: true as const, member: member! };
  });
}

/** The applicant's invitations, oldest first. */
export async function listInvitations(knex: Knex, userId: string): Promise<FamilyMemberRow[]> {
  return (await knex('family_members').where({ user_id: userId }).orderBy('invited_at').orderBy('name')) as FamilyMemberRow[];
}

/**
 * Removes one of the applicant's invitations and, in the same transaction, every session of that address that no
 * other invitation keeps alive: the removed person's next request finds no session. Returns the removed row.
 */
export async function deleteInvitation(knex: Knex, userId: string, id: string): Promise<FamilyMemberRow | null> {
  return knex.transaction(async (trx) => {
    const [removed] = (await trx('family_members').where({ user_id: userId, id }).delete().returning('*')) as FamilyMemberRow[];
    if (!removed) return null;
    const others = await trx('family_members').where({ email: removed.email }).first('id');
    if (!others) await trx('family_sessions').where({ email: removed.email }).delete();
    return removed;
  });
}

/** The invitations an address holds (one per applicant who invited it). */
export async function invitationsFor(knex: Knex, email: string): Promise<FamilyMemberRow[]> {
  return (await knex('family_members').where({ email }).orderBy('invited_at').orderBy('id')) as FamilyMemberRow[];
}

export async function markSignedIn(knex: Knex, email: string, at: Date): Promise<void> {
  await knex('family_members').where({ email }).update({ last_signed_in_at: at });
}

// ---------------------------------------------------------------- codes

/**
 * Stores a code for `email` only if some applicant invited it, in one statement whose work is the same either way
 * (no timing tells an invited address from another). Returns whether it was stored; a new code replaces the last.
 */
export async function putCodeIfInvited(knex: Knex, row: { email: string; code_hmac: string; expires_at: Date }): Promise<boolean> {
  const { rows } = (await knex.raw(
    `insert into family_codes (email, code_hmac, expires_at)
       select ?, ?, ? where exists (select 1 from family_members where email = ?)
     on conflict (email) do update set code_hmac = excluded.code_hmac, expires_at = excluded.expires_at
     returning email`,
    [row.email, row.code_hmac, row.expires_at, row.email],
  )) as { rows: unknown[] };
  return rows.length === 1;
}

export async function findFamilyCode(knex: Knex, email: string): Promise<{ code_hmac: string; expires_at: Date } | null> {
  const row = (await knex('family_codes').where({ email }).first('code_hmac', 'expires_at')) as
    { code_hmac: string; expires_at: Date } | undefined;
  return row ? { code_hmac: row.code_hmac, expires_at: new Date(row.expires_at) } : null;
}

/** Single use: only one of two simultaneous sign-ins with the same code deletes the row. */
export async function consumeFamilyCode(knex: Knex, email: string, codeHmac: string): Promise<boolean> {
  const rows = (await knex('family_codes').where({ email, code_hmac: codeHmac }).delete().returning('email')) as unknown[];
  return rows.length === 1;
}

export async function deleteFamilyCode(knex: Knex, email: string): Promise<void> {
  await knex('family_codes').where({ email }).delete();
}

// ---------------------------------------------------------------- sessions

export interface FamilySessionRow {
  id_hash: string;
  email: string;
  created_at: Date;
  last_seen_at: Date;
}

export async function insertFamilySession(knex: Knex, row: FamilySessionRow): Promise<void> {
  await knex('family_sessions').insert(row);
}

export async function findFamilySession(knex: Knex, idHash: string): Promise<FamilySessionRow | null> {
  const row = (await knex('family_sessions').where({ id_hash: idHash }).first()) as FamilySessionRow | undefined;
  return row ? { ...row, created_at: new Date(row.created_at), last_seen_at: new Date(row.last_seen_at) } : null;
}

export async function touchFamilySession(knex: Knex, idHash: string, at: Date): Promise<void> {
  await knex('family_sessions').where({ id_hash: idHash }).update({ last_seen_at: at });
}

export async function deleteFamilySession(knex: Knex, idHash: string): Promise<void> {
  await knex('family_sessions').where({ id_hash: idHash }).delete();
}
