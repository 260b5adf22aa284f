import type PgBoss from 'pg-boss';
import type { WorkerServices } from './services.js';
import { QUEUES } from '../platform/jobs/queues.js';
import { registerPing } from './jobs/ping.server.js';
import { registerConvertDocument } from './jobs/convert-document.server.js';
import { registerApplicationPdf } from './jobs/render-application-pdf.server.js';
import { registerSendReceipt } from './jobs/send-receipt.server.js';
import { registerDeliverWebhook } from './jobs/deliver-webhook.server.js';
import { registerPdfZip } from './jobs/build-pdf-zip.server.js';
import { registerAfterSubmissionMail } from './jobs/after-submission-mail.server.js';
import { registerRetention } from './jobs/retention.server.js';
import { registerReleaseBatch } from './jobs/release-batch.server.js';
import { registerDeadlineReminders } from './jobs/deadline-reminders.server.js';

export async function createQueues(boss: PgBoss): Promise<void> {
  for (const name of QUEUES) await boss.createQueue(name);
}

/** Starts handling every job type in this process. */
export async function registerWorkers(boss: PgBoss, services: WorkerServices): Promise<void> {
  await registerPing(boss, services.db.knex);
  await registerConvertDocument(boss, services);
  await registerApplicationPdf(boss, services);
  await registerSendReceipt(boss, services);
  await registerDeliverWebhook(boss, services);
  await registerPdfZip(boss, services);
  await registerAfterSubmissionMail(boss, services);
  await registerRetention(boss, services);
  await registerReleaseBatch(boss, services);
  await registerDeadlineReminders(boss, services);
}
