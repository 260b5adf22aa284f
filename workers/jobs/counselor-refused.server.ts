import type { WorkerServices } from '../services.js';
import { recordChecklistAudit, type CounselorRequestRow } from '../../db/repos/after-submission.server.js';
import { refusalReply } from '../../domain/mail/recommendation-mail.server.js';

/**
 * The counselor's mail server refused our e-mail for good (issue 39): the request is marked (its reminders then
 * send nothing), and /completion and the desk say "This address did not accept our e-mail" until the applicant
 * or the office sends the request to another address, which voids this one.
 */
export async function counselorAddressRefused(services: WorkerServices, request: CounselorRequestRow, err: unknown): Promise<'refused'> {
  const now = services.now();
  const reply = refusalReply(err);
  await services.db
    .knex('counselor_requests')
    .where({ id: request.id })
    .whereNull('refused_at')
    .update({ refused_at: now, refused_reply: reply });
  await recordChecklistAudit(services.db.knex, {
    at: now,
    actor: 'mail-server',
    action: 'counselor-address-refused',
    userId: request.user_id,
    detail: { email: request.email, reply },
  });
  services.logger.warn({ requestId: request.id }, 'counselor e-mail refused permanently');
  return 'refused';
}
