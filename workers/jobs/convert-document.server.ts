import { conversions } from '../../platform/observability/metrics.server.js';
import type PgBoss from 'pg-boss';
import type { WorkerServices } from '../services.js';
import type { JobQueue } from '../../platform/jobs/boss.server.js';
import { markCompleted, markFailed, markInProgress } from '../../db/repos/documents.server.js';
import { checkSize, ConversionRejected, ConversionTimedOut } from '../convert/detect-type.server.js';
import { convertIsolated } from '../convert/isolated.server.js';
import { workConcurrently } from '../work-concurrently.server.js';
import { sofficeSandbox } from '../convert/soffice.server.js';
import {
  CONVERT_DOCUMENT_FAILED_QUEUE,
  CONVERT_DOCUMENT_QUEUE,
  GAVE_UP_MESSAGE,
  MISSING_UPLOAD_MESSAGE,
  type ConvertDocumentData,
} from '../../platform/jobs/queues.js';
import { COUNSELOR_TRANSCRIPT_KEY } from '../../domain/after-submission/checklist.server.js';
import { counselorTranscriptArrived } from '../../domain/after-submission/counselor-link.server.js';
import { recommendationLetterArrived } from '../../domain/recommendations/recommendation-link.server.js';
import { isRecommendationLetterKey } from '../../contracts/recommendations.js';

type ConvertServices = WorkerServices & { boss: JobQueue };

/** Conversions in flight per worker process: a Word file's LibreOffice run no longer holds up the photos behind it. */
const CONVERSIONS_PER_WORKER = 2;

export async function registerConvertDocument(boss: PgBoss, workerServices: WorkerServices): Promise<void> {
  // The queue travels along for what a conversion sets off (a counselor's transcript: its webhook event).
  const services: ConvertServices = { ...workerServices, boss };
  for (const name of [CONVERT_DOCUMENT_QUEUE, CONVERT_DOCUMENT_FAILED_QUEUE]) await boss.createQueue(name);
  // Operators must know whether LibreOffice has its own network namespace or only the profile's settings.
  services.logger.info({ libreOfficeNetwork: sofficeSandbox().network }, 'document conversions: LibreOffice network isolation');
  await workConcurrently<ConvertDocumentData>(
    boss,
    CONVERT_DOCUMENT_QUEUE,
    CONVERSIONS_PER_WORKER,
    { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      // includeMetadata: the job carries its retry count and limit.
      const { retryCount, retryLimit } = job as PgBoss.JobWithMetadata<ConvertDocumentData>;
      await convertDocument(services, job.data, job.id, { retriesLeft: retryCount < retryLimit });
    },
  );
  await boss.work<ConvertDocumentData>(CONVERT_DOCUMENT_FAILED_QUEUE, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    await markFailed(services.db.knex, job.data, GAVE_UP_MESSAGE, services.now());
    conversions.inc({ outcome: 'gave_up', type: 'unknown' });
  });
}

/**
 * One conversion attempt. Deterministic problems (type, size, encryption, a zip bomb) end FAILED with
 * the applicant's message and no retry; anything else (store or database unreachable) throws so
 * pg-boss retries with backoff. Re-running is harmless: the output key is fixed and the status
 * updates only apply while this upload is still the current, unfinished one.
 */
export async function convertDocument(
  services: ConvertServices,
  data: ConvertDocumentData,
  jobId: string,
  attempt: { retriesLeft: boolean } = { retriesLeft: false },
): Promise<void> {
  const { db, storage, config, logger } = services;
  if (!(await markInProgress(db.knex, data, services.now()))) return;
  try {
    const head = await storage.head(data.fileKey);
    if (!head) throw new ConversionRejected(MISSING_UPLOAD_MESSAGE);
    checkSize(head.size);
    const bytes = await storage.get(data.fileKey);
    if (!bytes) throw new ConversionRejected(MISSING_UPLOAD_MESSAGE);
    // The sandbox found at start travels with the job: the conversion process need not probe again.
    const soffice = { sofficePath: config.sofficePath, timeoutMs: config.sofficeTimeoutMs, tag: jobId, sandbox: sofficeSandbox() };
    const { type, pdf } = await convertIsolated(bytes, soffice);
    await storage.put(data.outputKey, pdf, 'application/pdf');
    if (!(await markCompleted(db.knex, data, data.outputKey, services.now()))) {
      // Replaced or deleted while converting: the output belongs to nothing.
      await storage.delete(data.outputKey);
    } else if (data.answerKey === COUNSELOR_TRANSCRIPT_KEY) {
      await counselorTranscriptArrived(services, data.userId);
    } else if (isRecommendationLetterKey(data.answerKey)) {
      await recommendationLetterArrived(services, data.answerKey);
    }
    conversions.inc({ outcome: 'converted', type });
    logger.info({ jobId, answerKey: data.answerKey, type, bytes: bytes.length }, 'document converted');
  } catch (err) {
    if (!(err instanceof ConversionRejected)) {
      conversions.inc({ outcome: 'error', type: 'unknown' });
      throw err;
    }
    if (err instanceof ConversionTimedOut && attempt.retriesLeft) {
      // A busy machine, perhaps: pg-boss tries again after its backoff; the row stays IN_PROGRESS meanwhile.
      conversions.inc({ outcome: 'timed_out_retrying', type: 'unknown' });
      logger.warn({ jobId, answerKey: data.answerKey }, 'document conversion timed out: retrying');
      throw err;
    }
    conversions.inc({ outcome: 'rejected', type: 'unknown' });
    logger.info({ jobId, answerKey: data.answerKey, reason: err.message }, 'document rejected');
    await markFailed(db.knex, data, err.message, services.now());
  }
}
