import type { Knex } from 'knex';
import type { AppServices } from '../../platform/app-services.server.js';
import { countResends, insertReceipt, type ReceiptKind } from '../../db/repos/receipts.server.js';
import { findApplicationPdf } from '../../db/repos/application-pdfs.server.js';
import { referenceOf } from '../../db/repos/references.server.js';
import { RECEIPT_FALLBACK_SECONDS, RECEIPT_JOB_OPTIONS, RECEIPT_QUEUE, type ReceiptJob } from '../../platform/jobs/queues.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';

/** Receipts an applicant may ask for again from /completion (lost e-mail, wrong folder), beyond the first. */
export const MAX_RESENDS = 3;

export const RESEND_QUEUED_MESSAGE = 'We are sending your receipt again. It should arrive within a few minutes.';
export function resendsExhaustedMessage(officeEmail: string): string {
  return `Your receipt has already been sent again ${MAX_RESENDS} times, the most we can send. If it has not arrived, check your spam folder, or e-mail ${officeEmail} with your reference.`;
}

/**
 * Queues a receipt e-mail: inside `trx` (the submission's transaction) the row and its jobs commit or roll back
 * together. The receipt carries the application PDF, so it is sent when the PDF job settles (that job queues it,
 * in the transaction that records the PDF); it is queued at once only when the PDF has already settled. A second
 * job, RECEIPT_FALLBACK_SECONDS later, sends it without the PDF should the PDF never settle (a queue outage).
 * Sending is idempotent (the row, not the job, says whether it went), so either job may be the one that sends.
 */
export async function queueReceipt(
  services: AppServices,
  knex: Knex,
  receipt: { userId: string; reference: string; kind: ReceiptKind },
  trx?: Knex.Transaction,
  /** The caller knows the PDF's state (the submission has just requested it): no need to read it. */
  settled?: boolean,
): Promise<string> {
  const receiptId = await insertReceipt(knex, { ...receipt, now: services.now() });
  const job = { receiptId } satisfies ReceiptJob;
  const inTrx = trx ? { db: transactionalDb(trx) } : {};
  if (settled ?? (await pdfSettled(knex, receipt.userId)))
    await services.boss.send(RECEIPT_QUEUE, job, { ...RECEIPT_JOB_OPTIONS, ...inTrx });
  await services.boss.send(RECEIPT_QUEUE, job, { ...RECEIPT_JOB_OPTIONS, ...inTrx, startAfter: RECEIPT_FALLBACK_SECONDS });
  return receiptId;
}

/** The PDF of the current answers is stored or has given up: nothing will queue the receipt later. */
async function pdfSettled(knex: Knex, userId: string): Promise<boolean> {
  const [pdf, application] = await Promise.all([
    findApplicationPdf(knex, userId),
    knex('applications').where({ user_id: userId }).first('version') as Promise<{ version: number } | undefined>,
  ]);
  return Boolean(
    pdf && application && pdf.answers_version === application.version && (pdf.status === 'COMPLETED' || pdf.status === 'FAILED'),
  );
}

/**
 * Runs inside the submission's transaction, after the reference was set: the receipt row and its job
 * commit with the submission or not at all. `pdf` is what the submission did about the PDF (it has just been
 * requested, or has failed at once where there is no Chromium).
 */
export async function queueSubmissionReceipt(
  services: AppServices,
  trx: Knex.Transaction,
  submitted: { userId: string; reference: string; pdf: 'requested' | 'failed' },
): Promise<void> {
  await queueReceipt(
    services,
    trx,
    { userId: submitted.userId, reference: submitted.reference, kind: 'submission' },
    trx,
    submitted.pdf === 'failed',
  );
}

export type ResendOutcome = { outcome: 'queued'; left: number } | { outcome: 'exhausted' } | { outcome: 'not-submitted' };

/** Queues one more receipt for a submitted application, at most MAX_RESENDS times (the row lock counts them one at a time). */
export async function resendReceipt(services: AppServices, userId: string): Promise<ResendOutcome> {
  return services.db.knex.transaction(async (trx) => {
    const row = (await trx('applications').where({ user_id: userId }).forUpdate().first('submitted_at', 'reference')) as
      { submitted_at: Date | null; reference: string | null } | undefined;
    if (!row?.submitted_at || !row.reference) return { outcome: 'not-submitted' } as const;
    const used = await countResends(trx, userId);
    if (used >= MAX_RESENDS) return { outcome: 'exhausted' } as const;
    await queueReceipt(services, trx, { userId, reference: row.reference, kind: 'resend' }, trx);
    return { outcome: 'queued', left: MAX_RESENDS - used - 1 } as const;
  });
}

/** What /completion shows about the receipt. */
export interface ReceiptStatus {
  reference: string | null;
  /** The submission's receipt went out (false while it waits for the PDF or for the mail server). */
  sent: boolean;
  resendsLeft: number;
}

export async function receiptStatus(services: AppServices, userId: string): Promise<ReceiptStatus> {
  const knex = services.db.knex;
  const [reference, used, first] = await Promise.all([
    referenceOf(knex, userId),
    countResends(knex, userId),
    knex('receipts').where({ user_id: userId, kind: 'submission' }).first('sent_at') as Promise<{ sent_at: Date | null } | undefined>,
  ]);
  return { reference, sent: Boolean(first?.sent_at), resendsLeft: Math.max(0, MAX_RESENDS - used) };
}
