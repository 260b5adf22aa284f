import { createHmac } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { WorkerServices } from '../services.js';
import { WEBHOOK_FAILED_QUEUE, WEBHOOK_QUEUE, type WebhookJob } from '../../platform/jobs/queues.js';
import { findWebhookEvent, markWebhookFailed, recordWebhookAttempt } from '../../db/repos/webhook-events.server.js';

/** Header names of a delivery (README "Integrations" documents how to verify them). */
export const SIGNATURE_HEADER = 'X-FA-Signature';
export const TIMESTAMP_HEADER = 'X-FA-Timestamp';
export const EVENT_ID_HEADER = 'X-FA-Event-Id';
const DELIVERY_TIMEOUT_MS = 10_000;

/** HMAC-SHA256 over "<timestamp>.<body>" with WEBHOOK_SECRET, hex: the value of X-FA-Signature after "v1=". */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** One attempt; throwing lets pg-boss retry with backoff; the dead-letter queue marks the event failed. */
export async function deliverWebhook(services: WorkerServices, eventId: string): Promise<void> {
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

export async function registerDeliverWebhook(boss: PgBoss, services: WorkerServices): Promise<void> {
  await boss.work<WebhookJob>(WEBHOOK_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    if (job) await deliverWebhook(services, job.data.eventId);
  });
  await boss.work<WebhookJob>(WEBHOOK_FAILED_QUEUE, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
    if (job) await markWebhookFailed(services.db.knex, job.data.eventId);
  });
}
