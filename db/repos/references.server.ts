import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Characters of a reference: digits and capitals without the ones read or heard as another (0/O, 1/I/L)
 * and without U (no accidental words). 30^6 ≈ 729 million references.
 */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_PATTERN = /^FA-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/;
const LENGTH = 6;
const ATTEMPTS = 8;

export function newReference(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += REFERENCE_ALPHABET[random(REFERENCE_ALPHABET.length)];
  return `FA-${code}`;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /duplicate key|unique constraint/i.test(e?.message ?? '');
}

/**
 * Gives the submission its reference inside the submission's transaction `trx`. Each attempt runs in a
 * savepoint, so a collision with another application's reference (the unique index says so) is retried
 * with a new one without aborting the submission.
 */
export async function assignReference(trx: Knex.Transaction, userId: string, generate: () => string = newReference): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const reference = generate();
    try {
      await trx.transaction(async (savepoint) => {
        await savepoint('applications').where({ user_id: userId }).update({ reference });
      });
      return reference;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= ATTEMPTS) throw err;
    }
  }
}

/** The reference of a submitted application, or null (not submitted, or submitted before references existed). */
export async function referenceOf(knex: Knex, userId: string): Promise<string | null> {
  const row = (await knex('applications').where({ user_id: userId }).first('reference')) as { reference: string | null } | undefined;
  return row?.reference ?? null;
}
