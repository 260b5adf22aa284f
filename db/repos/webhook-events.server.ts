import type { Knex } from 'knex';

export type WebhookStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookEventRow {
  id: string;
  type: string;
  user_id: string;
  payload: Record<string, unknown>;
  status: WebhookStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
}

/** The outbox row, written inside the submission's transaction: it exists if and only if the submission does. */
export async function insertWebhookEvent(
  trx: Knex | Knex.Transaction,
  event: { type: string; user_id: string; payload: Record<string, unknown>; now: Date },
): Promise<string> {
  const rows = (await trx('webhook_events')
    .insert({ type: event.type, user_id: event.user_id, payload: JSON.stringify(event.payload), created_at: event.now })
    .returning('id')) as Array<{ id: string }>;
  return String(rows[0]!.id);
}

export async function findWebhookEvent(knex: Knex, id: string): Promise<WebhookEventRow | null> {
  return ((await knex('webhook_events').where({ id }).first()) as WebhookEventRow | undefined) ?? null;
}

export async function recordWebhookAttempt(
  knex: Knex,
  id: string,
  outcome: { ok: boolean; error: string | null; at: Date },
): Promise<void> {
  await knex('webhook_events')
    .where({ id })
    .whereNot({ status: 'delivered' })
    .update({
      attempts: knex.raw('attempts + 1'),
      last_attempt_at: outcome.at,
      last_error: outcome.error,
      ...(outcome.ok ? { status: 'delivered', delivered_at: outcome.at } : {}),
    });
}

/** The job gave up: listed for staff, who may retry it. */
export async function markWebhookFailed(knex: Knex, id: string): Promise<void> {
  await knex('webhook_events').where({ id, status: 'pending' }).update({ status: 'failed' });
}

/** Back to pending for another round of attempts; false when it is not a failed delivery. */
export async function resetWebhookEvent(knex: Knex, id: string): Promise<boolean> {
  return (await knex('webhook_events').where({ id, status: 'failed' }).update({ status: 'pending' })) > 0;
}

export async function listUndelivered(knex: Knex, limit: number): Promise<Array<WebhookEventRow & { applicant: string | null }>> {
  return knex('webhook_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .whereIn('e.status', ['failed', 'pending'])
    .orderByRaw("(e.status = 'failed') desc, e.id desc")
    .limit(limit)
    .select('e.*', 'u.username as applicant');
}
