import type { AppServices } from '../../platform/app-services.server.js';
import {
  findChecklist,
  findCounselorRequest,
  findCounselorRequestByTokenHash,
  recordChecklistAudit,
  updateChecklist,
  voidCounselorRequests,
  type CounselorRequestRow,
} from '../../db/repos/after-submission.server.js';
import { transcriptKeys } from '../../form/transcript-keys.js';
import { applicantName } from '../../form/applicant-name.js';
import { requestApplicationPdf } from '../../db/repos/application-pdfs.server.js';
import { APPLICATION_PDF_QUEUE, PDF_JOB_OPTIONS } from '../../platform/jobs/queues.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import {
  COUNSELOR_TRANSCRIPT_KEY,
  TOKEN,
  answerText,
  lockedChecklist,
  recordEvent,
  submittedApplication,
  tokenHash,
  type SubmittedApplication,
} from './checklist.server.js';

/** The counselor's side of a request (/counselor/<token>): what the link shows, the upload arriving, "not my student". */

export type CounselorLinkState =
  | { state: 'unknown' }
  /** A dead link names nobody: whoever holds an old or forwarded link learns nothing about the applicant. */
  | { state: 'expired' | 'void' | 'not-my-student' }
  | {
      state: 'live' | 'received';
      request: CounselorRequestRow;
      app: SubmittedApplication;
      applicantName: string;
      schoolName: string;
      counselorName: string;
      upload: { status: string | null; fileName: string } | null;
    };

/**
 * The link's state. Void and expiry are checked before anything else: a replaced or expired link never shows
 * the applicant's name again, whether or not a transcript arrived meanwhile (issue 35).
 */
export async function counselorLinkState(services: AppServices, token: string): Promise<CounselorLinkState> {
  if (!TOKEN.test(token)) return { state: 'unknown' };
  const knex = services.db.knex;
  const request = await findCounselorRequestByTokenHash(knex, tokenHash(token));
  if (!request) return { state: 'unknown' };
  const checklist = await findChecklist(knex, request.user_id);
  if (request.voided_at)
    return { state: checklist?.not_my_student_at && checklist.not_my_student_at >= request.voided_at ? 'not-my-student' : 'void' };
  if (request.expires_at.getTime() <= services.now().getTime()) return { state: 'expired' };
  const app = await submittedApplication(knex, { userId: request.user_id });
  if (!app) return { state: 'unknown' };
  const doc = (await knex('document_answers')
    .where({ user_id: app.userId, answer_key: COUNSELOR_TRANSCRIPT_KEY })
    .first('status', 'file_name')) as { status: string | null; file_name: string } | undefined;
  const keys = transcriptKeys();
  const details = {
    request,
    app,
    applicantName: applicantName(app.answers, 'the applicant'),
    schoolName: answerText(app.answers, keys.schoolName),
    counselorName: [answerText(app.answers, keys.counselorFirstName), answerText(app.answers, keys.counselorLastName)]
      .filter(Boolean)
      .join(' '),
    upload: doc ? { status: doc.status, fileName: doc.file_name } : null,
  };
  // The counselor who sent it may come back to the same (still live) link to see that it arrived.
  return { state: checklist?.status === 'received' ? 'received' : 'live', ...details };
}

/** Every counselor action is audited with the address of the request that made it (issue 35). */
export async function auditCounselorView(services: AppServices, state: CounselorLinkState, ip: string | null): Promise<void> {
  if (state.state !== 'live' && state.state !== 'received') return;
  await recordChecklistAudit(services.db.knex, {
    at: services.now(),
    actor: 'counselor',
    action: 'counselor-viewed',
    userId: state.app.userId,
    detail: { email: state.request.email, state: state.state },
    ip,
  });
}

/**
 * The counselor's upload was converted (it passed the hostile-document pipeline): only now is the transcript
 * received, so a file nobody can read neither stops the reminders nor tells the CRM anything. Idempotent.
 * Called by the conversion job, with its queue.
 */
export async function counselorTranscriptArrived(services: AppServices, userId: string): Promise<void> {
  await services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const app = await submittedApplication(trx, { userId });
    if (!app) return;
    const checklist = await lockedChecklist(trx, app, now);
    if (checklist.status === 'received') return;
    await updateChecklist(trx, userId, { status: 'received', received_via: 'counselor', received_at: now, updated_at: now });
    await recordChecklistAudit(trx, {
      at: now,
      actor: 'counselor',
      action: 'transcript-received',
      userId,
      detail: { via: 'counselor', email: checklist.counselor_email },
    });
    await recordEvent(services, trx, app, 'transcript.received', { received_via: 'counselor', received_at: now.toISOString() });
    // The application's PDF appends every document: the one made at submission lacks this transcript, so a new
    // one is made now, and the desk's download and its ZIP bundles find it ready (without Chromium the old one stays).
    if (services.config.chromiumPath) {
      const { version } = (await trx('applications').where({ user_id: userId }).first('version')) as { version: number };
      const generation = await requestApplicationPdf(trx, userId, version, now);
      await services.boss.send(APPLICATION_PDF_QUEUE, { userId, generation }, { ...PDF_JOB_OPTIONS, db: transactionalDb(trx) });
    }
  });
}

/** "This is not my student": the link dies, the reminders stop, and the applicant and the office see it. */
export async function counselorSaysNotMyStudent(services: AppServices, token: string, ip: string | null): Promise<boolean> {
  const state = await counselorLinkState(services, token);
  if (state.state !== 'live') return false;
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const checklist = await lockedChecklist(trx, state.app, now);
    // Checked again under the checklist's lock: a new request sent meanwhile voided this link, and must stay live.
    const request = await findCounselorRequest(trx, String(state.request.id));
    if (!request || request.voided_at) return false;
    if (checklist.status === 'received') return true;
    await voidCounselorRequests(trx, state.app.userId, now);
    await updateChecklist(trx, state.app.userId, { status: 'needed', not_my_student_at: now, updated_at: now });
    await recordChecklistAudit(trx, {
      at: now,
      actor: 'counselor',
      action: 'counselor-not-my-student',
      userId: state.app.userId,
      detail: { email: state.request.email },
      ip,
    });
    return true;
  });
}
