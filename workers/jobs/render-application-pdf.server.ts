import type PgBoss from 'pg-boss';
import type { AppServices } from '../../server/services.server.js';
import { findUserById } from '../../db/repos/users.server.js';
import { getApplication } from '../../db/repos/applications.server.js';
import { convertedDocumentsFor } from '../../db/repos/documents.server.js';
import { findApplicationPdf, markPdfCompleted, markPdfFailed, markPdfInProgress, type PdfJobTarget } from '../../db/repos/application-pdfs.server.js';
import { signServiceToken } from '../../server/service/service-token.server.js';
import { WarmBrowser } from '../pdf/warm-browser.server.js';
import { renderApplicationPdf } from '../pdf/render-application.server.js';
import { workConcurrently } from '../work-concurrently.server.js';
import { mergeIsolated } from '../convert/isolated.server.js';

export const APPLICATION_PDF_QUEUE = 'render-application-pdf';
export const APPLICATION_PDF_FAILED_QUEUE = 'render-application-pdf-failed';
export const APPLICATION_PDF_QUEUES = [APPLICATION_PDF_QUEUE, APPLICATION_PDF_FAILED_QUEUE];

/**
 * A worker that dies mid-render (crash, OOM kill, redeploy) leaves its job active until it expires;
 * pg-boss's maintenance (every MAINTENANCE_INTERVAL_SECONDS, see boss.server.ts) then retries it on any
 * worker, so the applicant waits at most expiry + one interval (≈ 1.5 min), not the 4 minutes of
 * 120 s + 120 s before. 60 s is still ten times a cold render (6.2 s with Chromium's launch, README
 * figures) and each of the three pages has its own 30 s load timeout; should a live render ever outlast
 * it, the retry renders the same generation again and the first to finish wins (see renderJob).
 */
export const PDF_JOB_OPTIONS = {
  retryLimit: 3,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 60,
  deadLetter: APPLICATION_PDF_FAILED_QUEUE,
} as const;

export const PDF_GAVE_UP_MESSAGE = 'We could not create the PDF of your application. Please try again later.';

export function applicationPdfKey(userId: string, generation: number): string {
  return `users/${userId}/application/application-${generation}.pdf`;
}

/** The applicant's name as the PDF shows it: preferred or first name, and last name. */
export function applicantName(answers: Record<string, string | boolean>, fallback: string): string {
  const first = String(answers.first_name ?? '').trim();
  const last = String(answers.last_name ?? '').trim();
  const name = `${first} ${last}`.trim();
  return name || fallback;
}

/** Renders in flight per worker process: two keep both cores busy while Chromium lays pages out. */
const PDF_RENDERS_PER_WORKER = 2;

export async function registerApplicationPdf(boss: PgBoss, services: AppServices): Promise<void> {
  for (const name of APPLICATION_PDF_QUEUES) await boss.createQueue(name);
  const browser = services.config.chromiumPath ? new WarmBrowser(services.config.chromiumPath) : null;
  await workConcurrently<PdfJobTarget>(boss, APPLICATION_PDF_QUEUE, PDF_RENDERS_PER_WORKER, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    if (job) await renderJob(services, browser, job.data);
  });
  await boss.work<PdfJobTarget>(APPLICATION_PDF_FAILED_QUEUE, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
    if (job) await markPdfFailed(services.db.knex, job.data, PDF_GAVE_UP_MESSAGE, services.now());
  });
  boss.on('stopped', () => void browser?.close());
}

/** One attempt; throwing lets pg-boss retry with backoff, and the dead-letter queue ends it FAILED. */
export async function renderJob(services: AppServices, browser: WarmBrowser | null, target: PdfJobTarget): Promise<void> {
  const { db, storage, config, logger } = services;
  if (!browser) {
    await markPdfFailed(db.knex, target, 'The PDF cannot be created: Chromium was not found (set CHROMIUM_PATH).', services.now());
    return;
  }
  if (!storage) throw new Error('no object store configured');
  if (!(await markPdfInProgress(db.knex, target))) return;
  const user = await findUserById(db.knex, target.userId);
  if (!user) return;
  const application = await getApplication(db.knex, target.userId, services.now());
  const documents = [];
  for (const doc of await convertedDocumentsFor(db.knex, target.userId)) {
    const pdf = await storage.get(doc.output_key);
    if (pdf) documents.push({ label: doc.answer_key, pdf });
  }
  const started = Date.now();
  const { pdf, pageCount } = await renderApplicationPdf(
    await browser.get(),
    {
      baseUrl: config.publicUrl,
      serviceToken: signServiceToken(config.sessionSecret, user.username, { now: services.now(), hours: 0.25 }),
      applicantName: applicantName(application.answers, user.username),
      documents,
    },
    // pdf-lib parses every stored document: in a process of its own, not on this (maybe web) event loop.
    { merge: mergeIsolated },
  );
  const key = applicationPdfKey(target.userId, target.generation);
  await storage.put(key, pdf, 'application/pdf');
  if (!(await markPdfCompleted(db.knex, target, key, pageCount, services.now()))) {
    // Superseded, or another attempt at this generation (a retry after expiry) finished first and its
    // row points at this very key: only an object nobody points at may go.
    if ((await findApplicationPdf(db.knex, target.userId))?.output_key !== key) await storage.delete(key);
  }
  logger.info({ pages: pageCount, ms: Date.now() - started }, 'application PDF rendered');
}
