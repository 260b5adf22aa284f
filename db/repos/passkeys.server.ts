import type { Knex } from 'knex';

/** An account's passkey as stored (migration 190). */
export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string[];
  name: string;
  device_type: string;
  backed_up: boolean;
  created_at: Date;
  last_used_at: Date | null;
}

export type ChallengePurpose = 'register' | 'sign-in';

/** bigint is a string on pg and a number on PGlite; jsonb may come back as text on either. */
function row(raw: Record<string, unknown>): PasskeyRow {
  const transports = typeof raw.transports === 'string' ? (JSON.parse(raw.transports) as unknown) : raw.transports;
  return {
    ...(raw as unknown as PasskeyRow),
    counter: Number(raw.counter),
    transports: Array.isArray(transports) ? transports.filter((t): t is string => typeof t === 'string') : [],
  };
}

/** The account's passkeys, oldest first: every query is scoped to the owner. */
export async function listPasskeys(knex: Knex, userId: string): Promise<PasskeyRow[]> {
  const rows = (await knex('passkeys')
    .where({ user_id: userId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])) as Record<string, unknown>[];
  return rows.map(row);
}

export async function findPasskeyByCredentialId(knex: Knex, credentialId: string): Promise<PasskeyRow | null> {
  const found = (await knex('passkeys').where({ credential_id: credentialId }).first()) as Record<string, unknown> | undefined;
  return found ? row(found) : null;
}

/** Stores a new passkey; null when that credential is already registered (to this account or another). */
export async function insertPasskey(knex: Knex, passkey: Omit<PasskeyRow, 'id' | 'last_used_at'>): Promise<PasskeyRow | null> {
  const inserted = (await knex('passkeys')
    .insert({ ...passkey, transports: JSON.stringify(passkey.transports) })
    .onConflict('credential_id')
    .ignore()
    .returning('*')) as Record<string, unknown>[];
  return inserted[0] ? row(inserted[0]) : null;
}

/**
 * Records a verified use: the new counter and the time. Conditional on the counter read before the check, so of two
 * sign-ins racing with one passkey's assertions only one is recorded (the other is refused by the caller).
 */
export async function recordPasskeyUse(knex: Knex, id: string, expectedCounter: number, newCounter: number, at: Date): Promise<boolean> {
  const updated = await knex('passkeys').where({ id, counter: expectedCounter }).update({ counter: newCounter, last_used_at: at });
  return updated === 1;
}

/** Deletes one of the account's passkeys; false when it has no such passkey. */
export async function deletePasskey(knex: Knex, userId: string, id: string): Promise<PasskeyRow | null> {
  const deleted = (await knex('passkeys').where({ id, user_id: userId }).delete().returning('*')) as Record<string, unknown>[];
  return deleted[0] ? row(deleted[0]) : null;
}

export async function countPasskeys(knex: Knex, userId: string): Promise<number> {
  const result = (await knex('passkeys').where({ user_id: userId }).count<{ n: number | string }[]>({ n: '*' }))[0];
  return Number(result?.n ?? 0);
}

/** Keeps a challenge's hash until `expiresAt`; expired ones are swept on the way (the table stays small). */
export async function putChallenge(
  knex: Knex,
  challenge: { challenge_hash: string; purpose: ChallengePurpose; user_id: string | null; expires_at: Date },
  now: Date,
): Promise<void> {
  await knex('passkey_challenges').where('expires_at', '<=', now).delete();
  await knex('passkey_challenges').insert(challenge);
}

/**
 * Takes a live challenge: deletes it and says whether it was there, for this purpose (and account), unexpired. One
 * statement: of two requests presenting the same challenge, exactly one gets true.
 */
export async function takeChallenge(
  knex: Knex,
  challengeHash: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const query = knex('passkey_challenges').where({ challenge_hash: challengeHash, purpose }).andWhere('expires_at', '>', now);
  if (userId) query.andWhere({ user_id: userId });
  else query.whereNull('user_id');
  const taken = (await query.delete().returning('challenge_hash')) as unknown[];
  return taken.length === 1;
}
