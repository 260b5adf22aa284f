import type { Knex } from 'knex';
import type { AppServices } from '../../platform/app-services.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { WEBHOOK_QUEUE, webhookJobOptions, type WebhookJob } from '../../platform/jobs/queues.js';
import { insertWebhookEvent } from '../../db/repos/webhook-events.server.js';

/**
 * At submission, inside its transaction: the outbox row and the job that delivers it commit (or roll back)
 * together with the submission, so no event is lost and none is sent for a submission that did not happen.
 * The payload names the application, not its answers: the receiver fetches those from the integration API.
 */
export async function recordSubmissionEvent(
  services: AppServices,
  trx: Knex.Transaction,
  userId: string,
  /** The submission's moment, when the caller has it (the submission itself). */
  at?: Date,
): Promise<void> {
  if (!services.config.webhook) return;
  const now = services.now();
  const submittedAt =
    at ?? ((await trx('applications').where({ user_id: userId }).first('submitted_at')) as { submitted_at: Date }).submitted_at;
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
  const job: WebhookJob = { eventId: id };
  await services.boss.send(WEBHOOK_QUEUE, job, { ...webhookJobOptions(services.webhookRetry), db: transactionalDb(trx) });
}

/** Queues another round of attempts for an event (staff retry). */
export async function enqueueWebhookDelivery(services: AppServices, eventId: string): Promise<void> {
  const job: WebhookJob = { eventId };
  await services.boss.send(WEBHOOK_QUEUE, job, webhookJobOptions(services.webhookRetry));
}
