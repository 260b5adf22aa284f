import type { AppServices } from '../../platform/app-services.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { AFTER_SUBMISSION_MAIL_OPTIONS, AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { recordChecklistAudit, updateChecklist, voidCounselorRequests } from '../../db/repos/after-submission.server.js';
import { deleteDocument } from '../../db/repos/documents.server.js';
import { outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { COUNSELOR_TRANSCRIPT_KEY, ChecklistConflict, lockedChecklist, type Actor, type SubmittedApplication } from './checklist.server.js';

export const REJECTION_REASON_MAX_LENGTH = 1_000;

/**
 * The office rejects the counselor's upload as unofficial (it came from a free-mail inbox, it is a screenshot
 * of a portal…). The checklist reopens as "needed" (the address is not asked again: it is the suspect), the
 * document no longer counts (its row and files go; the audit keeps who sent what and why it was refused),
 * and the applicant is e-mailed to give a new address. Any staff member may do it until roles exist (a later
 * issue adds reader/lead/admin; this is then a lead's action).
 */
export async function officeRejectsCounselorTranscript(
  services: AppServices,
  app: SubmittedApplication,
  reason: string,
  actor: Actor,
): Promise<void> {
  const removed = await services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const checklist = await lockedChecklist(trx, app, now);
    if (checklist.status !== 'received' || checklist.received_via !== 'counselor')
      throw new ChecklistConflict('Only a transcript received from the counselor can be rejected as unofficial.');
    await voidCounselorRequests(trx, app.userId, now);
    const doc = await deleteDocument(trx, app.userId, COUNSELOR_TRANSCRIPT_KEY);
    await updateChecklist(trx, app.userId, {
      status: 'needed',
      received_via: null,
      received_at: null,
      counselor_email: null,
      requested_at: null,
      rejected_at: now,
      rejected_reason: reason,
      rejected_email: checklist.counselor_email,
      rejection_notified_at: null,
      updated_at: now,
    });
    await recordChecklistAudit(trx, {
      at: now,
      actor: actor.name,
      action: 'counselor-transcript-rejected',
      userId: app.userId,
      detail: { email: checklist.counselor_email, reason, file: doc?.file_name ?? null },
      ip: actor.ip,
    });
    const job: AfterSubmissionMailJob = { kind: 'transcript-rejected', userId: app.userId };
    await services.boss?.send(AFTER_SUBMISSION_MAIL_QUEUE, job, { ...AFTER_SUBMISSION_MAIL_OPTIONS, db: transactionalDb(trx) });
    return doc;
  });
  if (removed && services.storage) {
    const storage = services.storage;
    for (const key of [removed.file_key, outputKeyFor(app.userId, COUNSELOR_TRANSCRIPT_KEY, removed.file_key)]) {
      await storage.delete(key).catch((err: unknown) => services.logger.warn({ err, key }, 'could not delete object'));
    }
  }
}
