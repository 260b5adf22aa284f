import { accountLang } from '../../form/lang.js';
import type PgBoss from 'pg-boss';
import type { JobQueue } from '../../platform/jobs/boss.server.js';
import type { WorkerServices } from '../services.js';
import { findUserById } from '../../db/repos/users.server.js';
import { findApplicationPdf } from '../../db/repos/application-pdfs.server.js';
import { claimReceipt, findReceipt, markReceiptGaveUp, markReceiptSent, releaseReceipt } from '../../db/repos/receipts.server.js';
import { RECEIPT_ATTACHMENT_MAX_BYTES, receiptMail } from '../../domain/mail/receipt-mail.server.js';
import { applicantName } from '../../form/applicant-name.js';
import {
  RECEIPT_FAILED_QUEUE,
  RECEIPT_FALLBACK_SECONDS,
  RECEIPT_JOB_OPTIONS,
  RECEIPT_QUEUE,
  type ReceiptJob,
} from '../../platform/jobs/queues.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { unsentReceiptIds } from '../../db/repos/receipts.server.js';
import { workConcurrently } from '../work-concurrently.server.js';
import type { Knex } from 'knex';

/** The receipt job also needs the queue and the mailer. */
type ReceiptServices = WorkerServices & { boss: JobQueue };

/**
 * Called by the PDF job in the transaction that records the PDF as stored or given up: each receipt of the
 * applicant still to send is queued with it, so a worker that dies after that commit has left the jobs behind,
 * and one that dies before it leaves the PDF job to be retried.
 */
export async function queueReceiptsAfterPdf(boss: Pick<JobQueue, 'send'>, trx: Knex.Transaction, userId: string): Promise<void> {
  for (const receiptId of await unsentReceiptIds(trx, userId)) {
    await boss.send(RECEIPT_QUEUE, { receiptId } satisfies ReceiptJob, { ...RECEIPT_JOB_OPTIONS, db: transactionalDb(trx) });
  }
}

/**
 * How long one attempt holds the receipt: longer than any attempt can take (the mailer's timeouts are 30 s to
 * connect and 60 s of silence), so a retry of an expired job never sends while a slow attempt still might.
 * Released at once when an attempt fails; only a crashed attempt makes the next one wait it out.
 */
const HOLD_MS = 5 * 60_000;

/**
 * Receipts sent at once per worker process: a send is a few ms of work and the rest waiting for the SMTP
 * server, so one at a time (pg-boss's default) trailed a burst of submissions by minutes with the CPU idle.
 */
const RECEIPTS_PER_WORKER = 8;

export async function registerSendReceipt(boss: PgBoss, workerServices: WorkerServices): Promise<void> {
  const services: ReceiptServices = { ...workerServices, boss };
  await workConcurrently<ReceiptJob>(
    boss,
    RECEIPT_QUEUE,
    RECEIPTS_PER_WORKER,
    { pollingIntervalSeconds: 0.5, batchSize: 1 },
    async ([job]) => {
      if (job) await sendReceiptJob(services, job.data);
    },
  );
  await boss.work<ReceiptJob>(RECEIPT_FAILED_QUEUE, { pollingIntervalSeconds: 5, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    await markReceiptGaveUp(services.db.knex, job.data.receiptId, services.now());
    services.logger.error({ receiptId: job.data.receiptId }, 'receipt e-mail given up after every retry');
  });
}

type PdfForReceipt = { state: 'ready'; content: Buffer } | { state: 'too-large' } | { state: 'not-ready' } | { state: 'wait' };

async function pdfForReceipt(services: ReceiptServices, userId: string, requestedAt: Date): Promise<PdfForReceipt> {
  const knex = services.db.knex;
  const pdf = await findApplicationPdf(knex, userId);
  const application = (await knex('applications').where({ user_id: userId }).first('version')) as { version: number } | undefined;
  const current = pdf && application && pdf.answers_version === application.version;
  if (current && pdf.status === 'COMPLETED' && pdf.output_key) {
    const head = await services.storage.head(pdf.output_key);
    if (head && head.size > RECEIPT_ATTACHMENT_MAX_BYTES) return { state: 'too-large' };
    const content = head ? await services.storage.get(pdf.output_key) : null;
    if (content) return { state: 'ready', content };
  }
  if (current && pdf.status === 'FAILED') return { state: 'not-ready' };
  // Not settled yet: the PDF job queues this receipt again when it is, unless the fallback's time has come.
  return services.now().getTime() - new Date(requestedAt).getTime() < RECEIPT_FALLBACK_SECONDS * 1000
    ? { state: 'wait' }
    : { state: 'not-ready' };
}

/** One attempt at one receipt; throwing lets pg-boss retry it later. */
export async function sendReceiptJob(services: ReceiptServices, job: ReceiptJob): Promise<'sent' | 'waiting' | 'nothing-to-do'> {
  const knex = services.db.knex;
  const receipt = await findReceipt(knex, job.receiptId);
  if (!receipt || receipt.sent_at || receipt.gave_up_at) return 'nothing-to-do';
  const pdf = await pdfForReceipt(services, receipt.user_id, receipt.requested_at);
  if (pdf.state === 'wait') return 'waiting';
  const now = services.now();
  if (!(await claimReceipt(knex, receipt.id, now, new Date(now.getTime() + HOLD_MS)))) {
    // Another attempt holds it, or it was sent meanwhile: check again later (a no-op once sent).
    const again = await findReceipt(knex, receipt.id);
    if (!again || again.sent_at || again.gave_up_at) return 'nothing-to-do';
    throw new Error('the receipt is being sent by another attempt');
  }
  try {
    const user = await findUserById(knex, receipt.user_id);
    if (!user) return 'nothing-to-do';
    const application = (await knex('applications').where({ user_id: receipt.user_id }).first('answers', 'submitted_at')) as {
      answers: Record<string, string | boolean>;
      submitted_at: Date | null;
    };
    const name = applicantName(application.answers, '');
    await services.mail.send(
      receiptMail(services.config, {
        to: user.username,
        reference: receipt.reference,
        submittedAt: new Date(application.submitted_at ?? receipt.requested_at),
        applicantName: name,
        pdf: pdf.state === 'ready' ? { content: pdf.content, filename: `Freshman-Application-${receipt.reference}.pdf` } : null,
        missingPdf: pdf.state === 'ready' ? undefined : pdf.state,
        receiptId: receipt.id,
        lang: accountLang(user.language),
      }),
    );
  } catch (err) {
    await releaseReceipt(knex, receipt.id, (err as Error).message);
    services.logger.warn({ receiptId: receipt.id, error: (err as Error).message }, 'receipt e-mail not sent yet; it will be retried');
    throw err;
  }
  await markReceiptSent(knex, receipt.id, services.now());
  services.logger.info({ receiptId: receipt.id, kind: receipt.kind }, 'receipt e-mail sent');
  return 'sent';
}
