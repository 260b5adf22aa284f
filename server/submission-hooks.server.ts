import type { Knex } from 'knex';
import type { AppServices } from './services.server.js';
import { enqueueApplicationPdf } from './pdf/routes.server.js';
import { recordSubmissionEvent } from '../workers/jobs/deliver-webhook.server.js';

/**
 * What happens inside the submission's transaction, so it commits or rolls back with it: the application
 * PDF is requested and the webhook outbox row (with its delivery job) is written.
 */
export function submissionHooks(services: AppServices): (trx: Knex.Transaction, userId: string) => Promise<void> {
  return async (trx, userId) => {
    await enqueueApplicationPdf(services, userId, trx);
    await recordSubmissionEvent(services, trx, userId);
  };
}
