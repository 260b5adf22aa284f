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

/** Two submissions drew the same new reference at the same instant: the unique index refused the second. */
export function isReferenceCollision(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return (
    (e?.code === '23505' || /duplicate key|unique constraint/i.test(e?.message ?? '')) &&
    /reference/.test(`${e.constraint ?? ''} ${e.message ?? ''}`)
  );
}

/**
 * Gives the submission its reference inside the submission's transaction `trx`, in the UPDATE that sets `fields`
 * (submitted_at and the rest): one statement. A reference another application holds is passed over by the
 * statement itself and another drawn. Two submissions drawing the same new one at the same instant (1 in 729
 * million) meet at the unique index, and submitApplication runs the second again (isReferenceCollision).
 */
export async function assignReference(
  trx: Knex.Transaction,
  userId: string,
  generate: () => string = newReference,
  fields: Record<string, unknown> = {},
): Promise<string> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const reference = generate();
    const updated = await trx('applications')
      .where({ user_id: userId })
      .whereNotExists((taken) => void taken.select(trx.raw('1')).from('applications as taken').where('taken.reference', reference))
      .update({ ...fields, reference });
    if (updated > 0) return reference;
  }
  throw new Error(`no free reference after ${ATTEMPTS} draws`);
}

/** The reference of a submitted application, or null (not submitted, or submitted before references existed). */
export async function referenceOf(knex: Knex, userId: string): Promise<string | null> {
  const row = (await knex('applications').where({ user_id: userId }).first('reference')) as { reference: string | null } | undefined;
  return row?.reference ?? null;
}
