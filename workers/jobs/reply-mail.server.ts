import type { WorkerServices } from '../services.js';
import type { AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { findReply } from '../../db/repos/replies.server.js';
import { submittedApplication } from '../../domain/after-submission/checklist.server.js';
import { replyDatePassed, replyDeadline } from '../../domain/after-submission/reply-date.server.js';
import { replyConfirmationMail } from '../../domain/mail/reply-mail.server.js';
import { applicantName } from '../../form/applicant-name.js';

/**
 * The confirmation of one recorded reply. A reply changed again before this job ran has a newer job of its own, so
 * an older version is skipped: the applicant is told of the reply that stands, once per change.
 */
export async function sendReplyConfirmation(
  services: WorkerServices,
  job: Extract<AfterSubmissionMailJob, { kind: 'reply' }>,
): Promise<'sent' | 'skipped'> {
  const knex = services.db.knex;
  const reply = await findReply(knex, job.userId);
  const app = await submittedApplication(knex, { userId: job.userId });
  if (!reply || reply.version !== job.version || !app || !services.mail) return 'skipped';
  const now = services.now();
  const deadline = replyDeadline(services.config, app, now, app.lang);
  await services.mail.send(
    replyConfirmationMail(services.config, {
      to: app.username,
      applicantName: applicantName(app.answers, ''),
      reference: app.reference,
      userId: app.userId,
      version: reply.version,
      repliedAt: reply.replied_at,
      byOffice: reply.replied_by !== 'applicant',
      changeUntil: replyDatePassed(deadline, now) ? null : deadline.text,
      lang: app.lang,
    }),
  );
  services.logger.info({ userId: app.userId, version: reply.version }, 'reply confirmation e-mail sent');
  return 'sent';
}
