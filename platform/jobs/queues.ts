import type { PdfJobTarget } from '../../db/repos/application-pdfs.server.js';
import { PDF_FAILED_MESSAGE } from '../../contracts/statuses.js';

/**
 * What the web process (which enqueues) and the worker (which handles) agree on: queue names, payloads,
 * per-job options and the texts a job leaves behind when it gives up. The server imports this module and
 * platform/jobs/boss.server.ts, never a job handler; the handlers import this module, never the server's routes.
 */

/** Proves the queue round trip (test/integration/db-jobs). */
export const PING_QUEUE = 'ping';
export interface PingData {
  nonce: string;
}

export const CONVERT_DOCUMENT_QUEUE = 'convert-document';
/** pg-boss moves a job here once its retries are used up (including workers that died): it then ends FAILED. */
export const CONVERT_DOCUMENT_FAILED_QUEUE = 'convert-document-failed';

export interface ConvertDocumentData {
  userId: string;
  answerKey: string;
  fileKey: string;
  /** Deterministic from fileKey: a retry overwrites the same object. */
  outputKey: string;
}

/**
 * Per-job options. A worker killed mid-job leaves the job active until `expireInSeconds`; pg-boss's
 * maintenance then retries it (with backoff) on any worker, and after the last retry hands it to the
 * failed queue, so a row never stays IN_PROGRESS for good.
 */
export const CONVERT_JOB_OPTIONS = {
  retryLimit: 3,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 60,
  deadLetter: CONVERT_DOCUMENT_FAILED_QUEUE,
} as const;

export const MISSING_UPLOAD_MESSAGE = 'We could not find your uploaded file. Please upload it again.';
export const GAVE_UP_MESSAGE = 'We could not convert your file to PDF. Please try uploading it again.';

export const APPLICATION_PDF_QUEUE = 'render-application-pdf';
export const APPLICATION_PDF_FAILED_QUEUE = 'render-application-pdf-failed';

/** Which application and which generation of its PDF to render. */
export type RenderApplicationPdfData = PdfJobTarget;

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

/** What a PDF job records once its retries are used up: the same text the completion page shows. */
export const PDF_GAVE_UP_MESSAGE = PDF_FAILED_MESSAGE;

/**
 * What a PDF records when this machine has no Chromium: the web side records it at once (nothing is queued)
 * and a worker without one records the same, so the completion page says one thing and the web side can
 * recognise it to retry once Chromium is installed.
 */
export const NO_CHROMIUM_MESSAGE = 'The PDF cannot be created: Chromium was not found (set CHROMIUM_PATH).';

export const RECEIPT_QUEUE = 'send-receipt';
export const RECEIPT_FAILED_QUEUE = 'send-receipt-failed';

export interface ReceiptJob {
  receiptId: string;
}

/**
 * A mail outage delays a receipt and never loses it: sixteen retries with exponential backoff from 5 s
 * (5 s, 10 s, 20 s … about 45 h for the last; pg-boss doubles the delay and adds up to as much again at
 * random) cover several days of SMTP trouble before the dead-letter queue records that it gave up. The
 * receipt row, not the job, says whether the e-mail went out, so a retry after a successful send sends
 * nothing (exactly once per receipt).
 */
export const RECEIPT_JOB_OPTIONS = {
  retryLimit: 16,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
  deadLetter: RECEIPT_FAILED_QUEUE,
} as const;

/**
 * The receipt waits for the application PDF: the PDF job queues it when the PDF is stored or has given up. This
 * later job sends it without the PDF (saying where to download it) should neither ever happen.
 */
export const RECEIPT_FALLBACK_SECONDS = 10 * 60;

export const WEBHOOK_QUEUE = 'deliver-webhook';
export const WEBHOOK_FAILED_QUEUE = 'deliver-webhook-failed';

export interface WebhookJob {
  eventId: string;
}

/**
 * Ten retries with exponential backoff from 30 s (pg-boss: each wait is between 2^n and 2^(n+1) times the
 * delay): a receiver down for up to about eight hours still gets every event; after that the delivery is
 * listed for staff, who can retry it. Tests shorten both (services.webhookRetry).
 */
export function webhookJobOptions(retry: { delaySeconds?: number; limit?: number } = {}) {
  return {
    retryLimit: retry.limit ?? 10,
    retryDelay: retry.delaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: 60,
    deadLetter: WEBHOOK_FAILED_QUEUE,
  } as const;
}

export const PDF_ZIP_QUEUE = 'build-pdf-zip';

export interface PdfZipJob {
  exportId: string;
}

/** The ZIP is assembled in memory before it is stored (the store takes whole objects): bounded. */
export const MAX_ZIP_APPLICATIONS = 1000;
export const PDF_ZIP_JOB_OPTIONS = { retryLimit: 2, retryDelay: 10, expireInSeconds: 15 * 60 } as const;

/** E-mails after submitting (issue 25): the counselor's request and its reminders, and "An update on your application". */
export const AFTER_SUBMISSION_MAIL_QUEUE = 'after-submission-mail';
export const AFTER_SUBMISSION_MAIL_FAILED_QUEUE = 'after-submission-mail-failed';

export type AfterSubmissionMailJob =
  | { kind: 'counselor'; requestId: string; reminder: 0 | 1 | 2 }
  | { kind: 'decision'; userId: string }
  | { kind: 'transcript-rejected'; userId: string }
  /** A teacher's invitation to recommend (0) and its reminders (issue 39). */
  | { kind: 'recommendation'; recommendationId: string; reminder: 0 | 1 | 2 }
  /** The applicant's confirmation of a recorded reply to an offer: sent while `version` is still the reply's. */
  | { kind: 'reply'; userId: string; version: number };

/** Like the receipt: a mail outage delays these e-mails for days before the job gives up; the rows say what went out. */
export const AFTER_SUBMISSION_MAIL_OPTIONS = {
  retryLimit: 16,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
  deadLetter: AFTER_SUBMISSION_MAIL_FAILED_QUEUE,
} as const;

/**
 * Retention (issue 27): the daily run that warns and then deletes idle unsubmitted accounts and purges submitted
 * applications past their retention period (workers/jobs/retention.server.ts). Scheduled by the worker.
 */
export const RETENTION_QUEUE = 'retention';
/** Every day at 03:17 in the university's time zone: a quiet hour. */
export const RETENTION_CRON = '17 3 * * *';
export const RETENTION_JOB_OPTIONS = { retryLimit: 3, retryDelay: 600, expireInSeconds: 3600 } as const;

/**
 * Deadline reminders (issue 40, workers/jobs/deadline-reminders.server.ts): every hour, so the 6-hour reminder goes
 * out between 5 and 6 hours before a deadline. Each reminder's row makes it once-only whatever runs or retries.
 */
export const DEADLINE_REMINDERS_QUEUE = 'deadline-reminders';
export const DEADLINE_REMINDERS_CRON = '7 * * * *';
export const DEADLINE_REMINDERS_OPTIONS = { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 } as const;

/** Queues every process creates (so web processes can send even when WORKER=off). */
/**
 * A scheduled release (issue 37): the job starts at the batch's time (startAfter) and releases its remaining
 * applications through the one locked release path. Retried while not due (a clock a little behind) or failing.
 */
export const RELEASE_BATCH_QUEUE = 'release-batch';
export interface ReleaseBatchJob {
  batchId: string;
}
export const RELEASE_BATCH_OPTIONS = { retryLimit: 20, retryDelay: 30, retryBackoff: false, expireInSeconds: 900 } as const;

export const QUEUES = [
  PING_QUEUE,
  CONVERT_DOCUMENT_QUEUE,
  CONVERT_DOCUMENT_FAILED_QUEUE,
  APPLICATION_PDF_QUEUE,
  APPLICATION_PDF_FAILED_QUEUE,
  RECEIPT_QUEUE,
  RECEIPT_FAILED_QUEUE,
  WEBHOOK_QUEUE,
  WEBHOOK_FAILED_QUEUE,
  PDF_ZIP_QUEUE,
  AFTER_SUBMISSION_MAIL_QUEUE,
  AFTER_SUBMISSION_MAIL_FAILED_QUEUE,
  RETENTION_QUEUE,
  RELEASE_BATCH_QUEUE,
  DEADLINE_REMINDERS_QUEUE,
];
