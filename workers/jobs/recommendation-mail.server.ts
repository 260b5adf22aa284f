import type { WorkerServices } from '../services.js';
import type { AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { recordChecklistAudit } from '../../db/repos/after-submission.server.js';
import {
  findRecommendation,
  findWaiver,
  markRecommendationMail,
  updateRecommendation,
  type RecommendationMailMark,
} from '../../db/repos/recommendations.server.js';
import { applicantOf, recommendationLink } from '../../domain/recommendations/recommendation-common.server.js';
import { isPermanentRefusal, recommendationMail, refusalReply } from '../../domain/mail/recommendation-mail.server.js';

const MARKS: Record<0 | 1 | 2, RecommendationMailMark> = { 0: 'sent_at', 1: 'reminder_1_sent_at', 2: 'reminder_2_sent_at' };

/**
 * A teacher's invitation or reminder. It goes only while the invitation is live and nothing has arrived: a letter
 * (even one being checked), a decline, a replaced address or a refused one stops the reminders already queued.
 * A permanent refusal (5xx) marks the invitation refused and ends the job; anything else throws for a retry.
 */
export async function sendRecommendationMail(
  services: WorkerServices,
  job: Extract<AfterSubmissionMailJob, { kind: 'recommendation' }>,
): Promise<'sent' | 'skipped' | 'refused'> {
  const knex = services.db.knex;
  const row = await findRecommendation(knex, job.recommendationId);
  if (!row || row.voided_at || row.declined_at || row.refused_at || row.letter_submitted_at || row[MARKS[job.reminder]]) return 'skipped';
  if (row.expires_at.getTime() <= services.now().getTime()) return 'skipped';
  const app = await applicantOf(knex, row.user_id);
  if (!app) return 'skipped';
  const waiver = await findWaiver(knex, row.user_id);
  const mail = recommendationMail(services.config, {
    to: row.email,
    teacherName: row.teacher_name,
    subjectTaught: row.subject,
    applicantName: app.name,
    link: recommendationLink(services, row),
    expiresAt: row.expires_at,
    waived: waiver?.waived ?? null,
    reminder: job.reminder,
    id: row.id,
    lang: app.lang,
  });
  if (!services.mail) throw new Error('no mailer configured');
  try {
    await services.mail.send(mail);
  } catch (err) {
    if (!isPermanentRefusal(err)) {
      await updateRecommendation(knex, row.id, { last_error: (err as Error).message.slice(0, 500) });
      throw err;
    }
    const now = services.now();
    await updateRecommendation(knex, row.id, { refused_at: now, refused_reply: refusalReply(err) });
    await recordChecklistAudit(knex, {
      at: now,
      actor: 'mail-server',
      action: 'recommendation-address-refused',
      userId: row.user_id,
      detail: { slot: row.slot, email: row.email, reply: refusalReply(err) },
    });
    services.logger.warn({ recommendationId: row.id }, 'recommendation e-mail refused permanently');
    return 'refused';
  }
  await markRecommendationMail(knex, row.id, MARKS[job.reminder], services.now());
  services.logger.info({ recommendationId: row.id, reminder: job.reminder }, 'recommendation e-mail sent');
  return 'sent';
}
