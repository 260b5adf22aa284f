import { pdfRenderSeconds, pdfRenders, secondsSince } from '../../platform/observability/metrics.server.js';
import type PgBoss from 'pg-boss';
import type { WorkerServices } from '../services.js';
import { findUserById } from '../../db/repos/users.server.js';
import { getApplication } from '../../db/repos/applications.server.js';
import { convertedDocumentsFor } from '../../db/repos/documents.server.js';
import {
  findApplicationPdf,
  markPdfCompleted,
  markPdfFailed,
  markPdfInProgress,
  type PdfJobTarget,
} from '../../db/repos/application-pdfs.server.js';
import { signPrintToken } from '../../platform/tokens/print-token.server.js';
import { WarmBrowser } from '../pdf/warm-browser.server.js';
import { renderApplicationPdf } from '../pdf/render-application.server.js';
import { workConcurrently } from '../work-concurrently.server.js';
import { MergePool } from '../pdf/merge-pool.server.js';
import { applicantName } from '../../form/applicant-name.js';
import {
  APPLICATION_PDF_FAILED_QUEUE,
  APPLICATION_PDF_QUEUE,
  NO_CHROMIUM_MESSAGE,
  PDF_GAVE_UP_MESSAGE,
} from '../../platform/jobs/queues.js';
import type { JobQueue } from '../../platform/jobs/boss.server.js';
import { queueReceiptsAfterPdf } from './send-receipt.server.js';

/** The PDF job queues the applicant's waiting receipts when it settles, so it needs the queue. */
type PdfServices = WorkerServices & { boss: Pick<JobQueue, 'send'> };

/** Records the PDF as given up and lets the receipts waiting for it go without it, in one transaction. */
async function settleFailed(services: PdfServices, target: PdfJobTarget, message: string): Promise<void> {
  await services.db.knex.transaction(async (trx) => {
    if (await markPdfFailed(trx, target, message, services.now())) await queueReceiptsAfterPdf(services.boss, trx, target.userId);
  });
}

export function applicationPdfKey(userId: string, generation: number): string {
  return `users/${userId}/application/application-${generation}.pdf`;
}

export async function registerApplicationPdf(boss: PgBoss, workerServices: WorkerServices): Promise<void> {
  const services: PdfServices = { ...workerServices, boss };
  for (const name of [APPLICATION_PDF_QUEUE, APPLICATION_PDF_FAILED_QUEUE]) await boss.createQueue(name);
  const browser = services.config.chromiumPath ? new WarmBrowser(services.config.chromiumPath) : null;
  // One merge process per render in flight, kept warm between jobs (docs/decisions/0194-one-print-document-and-warm-merge.md).
  // Renders in flight per worker process (PDF_RENDERS_PER_WORKER, default 2: both cores busy while Chromium lays out).
  const renders = services.config.workerProcess.pdfRenders;
  const merges = new MergePool({ size: renders });
  const renderers = { browser, merges, idleTabs: renders + 1 };
  await workConcurrently<PdfJobTarget>(
    boss,
    APPLICATION_PDF_QUEUE,
    renders,
    { pollingIntervalSeconds: 0.5, batchSize: 1 },
    async ([job]) => {
      if (job) await renderJob(services, renderers, job.data);
    },
  );
  await boss.work<PdfJobTarget>(APPLICATION_PDF_FAILED_QUEUE, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
    if (job) await settleFailed(services, job.data, PDF_GAVE_UP_MESSAGE);
  });
  boss.on('stopped', () => {
    void browser?.close();
    void merges.close();
  });
}

/** One attempt; throwing lets pg-boss retry with backoff, and the dead-letter queue ends it FAILED. */
export async function renderJob(
  services: PdfServices,
  renderers: { browser: WarmBrowser | null; merges: MergePool; idleTabs?: number },
  target: PdfJobTarget,
): Promise<void> {
  const { db, storage, config, logger } = services;
  const { browser, merges } = renderers;
  if (!browser) {
    pdfRenders.inc({ outcome: 'no_chromium' });
    await settleFailed(services, target, NO_CHROMIUM_MESSAGE);
    return;
  }
  const jobStarted = performance.now();
  if (!(await markPdfInProgress(db.knex, target))) return;
  // Merge processes that have to start (the first PDF, or after an idle while) do so while this job reads and prints.
  merges.warm();
  const user = await findUserById(db.knex, target.userId);
  if (!user) return;
  const application = await getApplication(db.knex, target.userId, services.now());
  const documents = [];
  for (const doc of await convertedDocumentsFor(db.knex, target.userId)) {
    const pdf = await storage.get(doc.output_key);
    if (pdf) documents.push({ label: doc.answer_key, pdf });
  }
  const timer = performance.now();
  const readMs = Math.round(timer - jobStarted);
  const { pdf, pageCount, printMs, mergeMs } = await renderApplicationPdf(
    await browser.get(),
    {
      baseUrl: config.publicUrl,
      // Single use, two minutes: the URL Chromium loads opens nothing once printed (issue 23 finding 3).
      serviceToken: signPrintToken(config.sessionSecret, user.id, services.now()),
      applicantName: applicantName(application.answers, user.username),
      documents,
    },
    // pdf-lib parses every stored document: in a process of its own, not on this (maybe web) event loop.
    { merge: merges.merge, idleTabs: renderers.idleTabs },
  ).catch((err: unknown) => {
    pdfRenders.inc({ outcome: 'failed' });
    throw err;
  });
  pdfRenders.inc({ outcome: 'rendered' });
  pdfRenderSeconds.observe(secondsSince(timer));
  const key = applicationPdfKey(target.userId, target.generation);
  const storeStarted = performance.now();
  await storage.put(key, pdf, 'application/pdf');
  const stored = await db.knex.transaction(async (trx) => {
    const completed = await markPdfCompleted(trx, target, key, pageCount, services.now());
    if (completed) await queueReceiptsAfterPdf(services.boss, trx, target.userId);
    return completed;
  });
  if (!stored) {
    // Superseded, or another attempt at this generation (a retry after expiry) finished first and its
    // row points at this very key: only an object nobody points at may go.
    if ((await findApplicationPdf(db.knex, target.userId))?.output_key !== key) await storage.delete(key);
  }
  // ms: the render (print and merge) as before; the parts say where a job's time goes (docs/performance.md).
  const storeMs = Math.round(performance.now() - storeStarted);
  logger.info(
    {
      pages: pageCount,
      ms: Math.round(storeStarted - timer),
      readMs,
      printMs,
      mergeMs,
      storeMs,
      jobMs: Math.round(performance.now() - jobStarted),
    },
    'application PDF rendered',
  );
}
