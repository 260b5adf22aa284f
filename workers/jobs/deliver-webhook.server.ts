import { createHmac } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Knex } from 'knex';
import type { AppServices } from '../../server/services.server.js';
import { transactionalDb } from '../boss.server.js';
import { findWebhookEvent, insertWebhookEvent, markWebhookFailed, recordWebhookAttempt } from '../../db/repos/webhook-events.server.js';

export const WEBHOOK_QUEUE = 'deliver-webhook';
export const WEBHOOK_FAILED_QUEUE = 'deliver-webhook-failed';
export const WEBHOOK_QUEUES = [WEBHOOK_QUEUE, WEBHOOK_FAILED_QUEUE];

/** Header names of a delivery (README "Integrations" documents how to verify them). */
export const SIGNATURE_HEADER = 'X-FA-Signature';
export const TIMESTAMP_HEADER = 'X-FA-Timestamp';
export const EVENT_ID_HEADER = 'X-FA-Event-Id';

/**
 * Ten retries with exponential backoff from 30 s (pg-boss: each wait is between 2^n and 2^(n+1) times
 * the delay): a receiver down for up to about eight hours still gets every event; after that the delivery
 * is listed for staff, who can retry it. Tests shorten both through services.webhookRetry.
 */
export const WEBHOOK_RETRY_LIMIT = 10;
export const WEBHOOK_RETRY_DELAY_SECONDS = 30;
const DELIVERY_TIMEOUT_MS = 10_000;

export function webhookJobOptions(services: AppServices) {
  return {
    retryLimit: services.webhookRetry?.limit ?? WEBHOOK_RETRY_LIMIT,
    retryDelay: services.webhookRetry?.delaySeconds ?? WEBHOOK_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 60,
    deadLetter: WEBHOOK_FAILED_QUEUE,
  } as const;
}

/** HMAC-SHA256 over "<timestamp>.<body>" with WEBHOOK_SECRET, hex: the value of X-FA-Signature after "v1=". */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * At submission, inside its transaction: the outbox row and the job that delivers it commit (or roll back)
 * together with the submission, so no event is lost and none is sent for a submission that did not happen.
 * The payload names the application, not its answers: the receiver fetches those from the integration API.
 */
export async function recordSubmissionEvent(services: AppServices, trx: Knex.Transaction, userId: string): Promise<void> {
  if (!services.config.webhook) return;
  const now = services.now();
  const { submitted_at: submittedAt } = (await trx('applications').where({ user_id: userId }).first('submitted_at')) as { submitted_at: Date };
  const id = await insertWebhookEvent(trx, {
    type: 'application.submitted',
    user_id: userId,
    now,
    payload: {
      type: 'application.submitted',
      created_at: now.toISOString(),
      data: {
        application_id: userId,
        submitted_at: new Date(submittedAt).toISOString(),
        pdf_url: `${services.config.publicUrl}/integration/v1/applications/${userId}/pdf`,
      },
    },
  });
  await services.boss?.send(WEBHOOK_QUEUE, { eventId: id }, { ...webhookJobOptions(services), db: transactionalDb(trx) });
}

/** Queues another round of attempts for an event (staff retry). */
export async function enqueueWebhookDelivery(services: AppServices, eventId: string): Promise<boolean> {
  if (!services.boss) return false;
  await services.boss.send(WEBHOOK_QUEUE, { eventId }, webhookJobOptions(services));
  return true;
}

/** One attempt; throwing lets pg-boss retry with backoff; the dead-letter queue marks the event failed. */
export async function deliverWebhook(services: AppServices, eventId: string): Promise<void> {
  const knex = services.db.knex;
  const event = await findWebhookEvent(knex, eventId);
  if (!event || event.status === 'delivered') return;
  const webhook = services.config.webhook;
  if (!webhook) {
    await recordWebhookAttempt(knex, eventId, { ok: false, error: 'WEBHOOK_URL is not set.', at: services.now() });
    await markWebhookFailed(knex, eventId);
    return;
  }
  const body = JSON.stringify({ id: `evt_${event.id}`, ...event.payload });
  const timestamp = String(Math.floor(Date.now() / 1000));
  let error: string | null = null;
  try {
    const res = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'freshman-application-webhooks/1',
        [EVENT_ID_HEADER]: `evt_${event.id}`,
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: `v1=${webhookSignature(webhook.secret, timestamp, body)}`,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status < 200 || res.status >= 300) error = `The receiver answered ${res.status}.`;
  } catch (err) {
    error = `The receiver could not be reached (${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name}).`;
  }
  await recordWebhookAttempt(knex, eventId, { ok: error === null, error, at: services.now() });
  if (error) throw new Error(error);
}

export async function registerDeliverWebhook(boss: PgBoss, services: AppServices): Promise<void> {
  for (const name of WEBHOOK_QUEUES) await boss.createQueue(name);
  await boss.work<{ eventId: string }>(WEBHOOK_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    if (job) await deliverWebhook(services, job.data.eventId);
  });
  await boss.work<{ eventId: string }>(WEBHOOK_FAILED_QUEUE, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
    if (job) await markWebhookFailed(services.db.knex, job.data.eventId);
  });
}
