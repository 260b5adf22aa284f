import type { Knex } from 'knex';

export type ReceiptKind = 'submission' | 'resend';

export interface ReceiptRow {
  id: string;
  user_id: string;
  reference: string;
  kind: ReceiptKind;
  requested_at: Date;
  attempts: number;
  sending_until: Date | null;
  sent_at: Date | null;
  last_error: string | null;
  gave_up_at: Date | null;
}

/** Records a receipt to send (inside the submission's transaction for the first one); returns its id. */
export async function insertReceipt(
  knex: Knex,
  receipt: { userId: string; reference: string; kind: ReceiptKind; now: Date },
): Promise<string> {
  const rows = (await knex('receipts')
    .insert({ user_id: receipt.userId, reference: receipt.reference, kind: receipt.kind, requested_at: receipt.now })
    .returning('id')) as Array<{ id: string | number }>;
  return String(rows[0]!.id);
}

export async function findReceipt(knex: Knex, id: string): Promise<ReceiptRow | null> {
  return ((await knex('receipts').where({ id }).first()) as ReceiptRow | undefined) ?? null;
}

/** The applicant's receipts not yet sent nor given up: the ones a settled PDF lets go. */
export async function unsentReceiptIds(knex: Knex, userId: string): Promise<string[]> {
  const rows = (await knex('receipts').where({ user_id: userId }).whereNull('sent_at').whereNull('gave_up_at').select('id')) as Array<{
    id: string | number;
  }>;
  return rows.map((row) => String(row.id));
}

/** Resends asked for by this applicant (the submission's own receipt not counted). */
export async function countResends(knex: Knex, userId: string): Promise<number> {
  const row = (await knex('receipts').where({ user_id: userId, kind: 'resend' }).first(knex.raw('count(*)::int as n'))) as {
    n: number | string;
  };
  return Number(row.n);
}

/**
 * Takes the receipt for one sending attempt until `until`: only one attempt at a time holds it (a retry of
 * an expired job waits for the hold to lapse), and a receipt already sent is never taken again.
 */
export async function claimReceipt(knex: Knex, id: string, now: Date, until: Date): Promise<boolean> {
  const updated = await knex('receipts')
    .where({ id })
    .whereNull('sent_at')
    .whereNull('gave_up_at')
    .where((q) => q.whereNull('sending_until').orWhere('sending_until', '<', now))
    .update({ sending_until: until, attempts: knex.raw('attempts + 1') });
  return updated > 0;
}

export async function markReceiptSent(knex: Knex, id: string, now: Date): Promise<void> {
  await knex('receipts').where({ id }).update({ sent_at: now, sending_until: null, last_error: null });
}

/** A failed attempt lets go of the receipt at once, so the job's retry may take it again. */
export async function releaseReceipt(knex: Knex, id: string, error: string): Promise<void> {
  await knex('receipts')
    .where({ id })
    .whereNull('sent_at')
    .update({ sending_until: null, last_error: error.slice(0, 500) });
}

export async function markReceiptGaveUp(knex: Knex, id: string, now: Date): Promise<void> {
  await knex('receipts').where({ id }).whereNull('sent_at').update({ gave_up_at: now, sending_until: null });
}
