import type PgBoss from 'pg-boss';
import type { AppServices } from '../server/services.server.js';
import { registerPing, PING_QUEUE } from './jobs/ping.server.js';
import { registerConvertDocument, DOCUMENT_QUEUES } from './jobs/convert-document.server.js';
import { registerApplicationPdf, APPLICATION_PDF_QUEUES } from './jobs/render-application-pdf.server.js';
import { registerSendReceipt, RECEIPT_QUEUES } from './jobs/send-receipt.server.js';

/** Queues every process creates (so web processes can send even when WORKER=off). */
export const QUEUES = [PING_QUEUE, ...DOCUMENT_QUEUES, ...APPLICATION_PDF_QUEUES, ...RECEIPT_QUEUES];

export async function createQueues(boss: PgBoss): Promise<void> {
  for (const name of QUEUES) await boss.createQueue(name);
}

/** Starts handling every job type in this process. */
export async function registerWorkers(boss: PgBoss, services: AppServices): Promise<void> {
  await registerPing(boss, services.db.knex);
  await registerConvertDocument(boss, services);
  await registerApplicationPdf(boss, services);
  await registerSendReceipt(boss, services);
}
