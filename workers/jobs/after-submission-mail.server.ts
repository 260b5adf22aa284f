import type PgBoss from 'pg-boss';
import type { WorkerServices } from '../services.js';
import {
  AFTER_SUBMISSION_MAIL_FAILED_QUEUE,
  AFTER_SUBMISSION_MAIL_QUEUE,
  type AfterSubmissionMailJob,
} from '../../platform/jobs/queues.js';
import {
  findChecklist,
  findCounselorRequest,
  findDecision,
  markCounselorMail,
  markDecisionNotified,
  noteCounselorMailError,
  updateChecklist,
  type CounselorMailMark,
} from '../../db/repos/after-submission.server.js';
import { counselorLink, submittedApplication } from '../../domain/after-submission/checklist.server.js';
import { counselorRequestMail, decisionReleasedMail, transcriptRejectedMail } from '../../domain/mail/after-submission-mail.server.js';
import { applicantName } from '../../form/applicant-name.js';
import { isPermanentRefusal } from '../../domain/mail/recommendation-mail.server.js';
import { sendRecommendationMail } from './recommendation-mail.server.js';
import { sendReplyConfirmation } from './reply-mail.server.js';
import { counselorAddressRefused } from './counselor-refused.server.js';
import { transcriptKeys } from '../../form/transcript-keys.js';

export async function registerAfterSubmissionMail(boss: PgBoss, services: WorkerServices): Promise<void> {
  await boss.work<AfterSubmissionMailJob>(AFTER_SUBMISSION_MAIL_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
    if (job) await sendAfterSubmissionMail(services, job.data);
  });
  await boss.work<AfterSubmissionMailJob>(
    AFTER_SUBMISSION_MAIL_FAILED_QUEUE,
    { pollingIntervalSeconds: 5, batchSize: 1 },
    async ([job]) => {
      if (job) services.logger.error({ job: job.data }, 'after-submission e-mail given up after every retry');
    },
  );
}

const MARKS: Record<0 | 1 | 2, CounselorMailMark> = { 0: 'sent_at', 1: 'reminder_1_sent_at', 2: 'reminder_2_sent_at' };

const text = (answers: Record<string, unknown>, key: string | null) =>
  key && typeof answers[key] === 'string' ? (answers[key] as string).trim() : '';

/**
 * One e-mail. A counselor's e-mail (request or reminder) goes only while its request is the live one and
 * nothing has arrived: a received transcript, a new address or "not my student" stops the reminders already
 * queued. The row is marked after sending; throwing lets pg-boss retry.
 */
export async function sendAfterSubmissionMail(
  services: WorkerServices,
  job: AfterSubmissionMailJob,
): Promise<'sent' | 'skipped' | 'refused'> {
  const knex = services.db.knex;
  if (job.kind === 'recommendation') return sendRecommendationMail(services, job);
  if (!services.mail) throw new Error('no mailer configured');
  if (job.kind === 'reply') return sendReplyConfirmation(services, job);
  if (job.kind === 'decision') {
    const decision = await findDecision(knex, job.userId);
    const app = await submittedApplication(knex, { userId: job.userId });
    if (!decision?.released_at || decision.notified_at || !app) return 'skipped';
    await services.mail.send(
      decisionReleasedMail(services.config, {
        to: app.username,
        applicantName: applicantName(app.answers, ''),
        reference: app.reference,
        userId: app.userId,
        lang: app.lang,
      }),
    );
    await markDecisionNotified(knex, app.userId, services.now());
    services.logger.info({ userId: app.userId }, 'decision e-mail sent');
    return 'sent';
  }
  if (job.kind === 'transcript-rejected') {
    const checklist = await findChecklist(knex, job.userId);
    const app = await submittedApplication(knex, { userId: job.userId });
    if (!checklist?.rejected_at || checklist.rejection_notified_at || !app) return 'skipped';
    await services.mail.send(
      transcriptRejectedMail(services.config, {
        to: app.username,
        applicantName: applicantName(app.answers, ''),
        userId: app.userId,
        at: checklist.rejected_at,
        lang: app.lang,
      }),
    );
    await updateChecklist(knex, app.userId, { rejection_notified_at: services.now(), updated_at: services.now() });
    services.logger.info({ userId: app.userId }, 'transcript-rejected e-mail sent');
    return 'sent';
  }
  const request = await findCounselorRequest(knex, job.requestId);
  if (!request || request.voided_at || request.refused_at || request[MARKS[job.reminder]]) return 'skipped';
  if (request.expires_at.getTime() <= services.now().getTime()) return 'skipped';
  const checklist = await findChecklist(knex, request.user_id);
  if (!checklist || checklist.status === 'received') return 'skipped';
  const app = await submittedApplication(knex, { userId: request.user_id });
  if (!app) return 'skipped';
  const keys = transcriptKeys();
  const mail = counselorRequestMail(services.config, {
    to: request.email,
    counselorName: [text(app.answers, keys.counselorFirstName), text(app.answers, keys.counselorLastName)].filter(Boolean).join(' '),
    applicantName: applicantName(app.answers, 'An applicant'),
    schoolName: text(app.answers, keys.schoolName),
    link: counselorLink(services, request),
    expiresAt: request.expires_at,
    reminder: job.reminder,
    requestId: request.id,
    lang: app.lang,
  });
  try {
    await services.mail.send(mail);
  } catch (err) {
    // A permanent refusal (5xx): the applicant and the desk are asked for another address; no retry (issue 39).
    if (isPermanentRefusal(err)) return counselorAddressRefused(services, request, err);
    await noteCounselorMailError(knex, request.id, (err as Error).message);
    throw err;
  }
  await markCounselorMail(knex, request.id, MARKS[job.reminder], services.now());
  services.logger.info({ requestId: request.id, reminder: job.reminder }, 'counselor e-mail sent');
  return 'sent';
}
