import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { AppServices } from '../../platform/app-services.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { AFTER_SUBMISSION_MAIL_OPTIONS, AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import {
  insertChecklist,
  insertCounselorRequest,
  recordChecklistAudit,
  updateChecklist,
  voidCounselorRequests,
} from '../../db/repos/after-submission.server.js';
import { transcriptKeys } from '../../form/transcript-keys.js';
import { isEmailAddress } from '../../form/email-address.js';
import { isOwnAddress } from '../../form/own-addresses.js';
import {
  ChecklistConflict,
  COUNSELOR_LINK_DAYS,
  DAY_MS,
  MAX_APPLICANT_SENDS,
  REMINDER_DAYS,
  counselorToken,
  hasUploadedTranscript,
  lockedChecklist,
  submittedApplication,
  tokenHash,
  transcriptPlan,
  type Actor,
  type SubmittedApplication,
} from './checklist.server.js';

/**
 * Who may be asked for the transcript, and the asking: at submission, from /completion, and from the desk.
 * A request needs the applicant's permission (the "may we request your transcripts?" answer), and never goes
 * to the applicant's own or a family member's address (issue 35: the link would let them certify themselves).
 */

/** False when the applicant answered "No" to the university requesting their transcripts. */
export function counselorRequestPermitted(app: Pick<SubmittedApplication, 'answers'>): boolean {
  const permission = transcriptKeys().permission;
  return !permission || app.answers[permission.key] !== permission.refused;
}

/** The address is the account's or another e-mail answer of the application (a parent's, say). */
export function isApplicantsOwnAddress(app: Pick<SubmittedApplication, 'answers' | 'username'>, email: string): boolean {
  return isOwnAddress(email, app.answers, { exceptKey: transcriptKeys().counselorEmail, accountEmail: app.username });
}

/** Inserts the request row, voids the older ones, and queues its e-mail and both reminders, all in `trx`. */
export async function sendCounselorRequest(
  services: AppServices,
  trx: Knex.Transaction,
  userId: string,
  email: string,
  now: Date,
): Promise<string> {
  await voidCounselorRequests(trx, userId, now);
  const salt = randomBytes(24).toString('base64url');
  const token = counselorToken(services.config.sessionSecret, salt);
  const id = await insertCounselorRequest(trx, {
    user_id: userId,
    email,
    salt,
    token_hash: tokenHash(token),
    created_at: now,
    expires_at: new Date(now.getTime() + COUNSELOR_LINK_DAYS * DAY_MS),
  });
  await updateChecklist(trx, userId, {
    status: 'requested',
    counselor_email: email,
    requested_at: now,
    not_my_student_at: null,
    updated_at: now,
  });
  if (services.boss) {
    const db = transactionalDb(trx);
    const jobs: Array<[AfterSubmissionMailJob, number]> = [
      [{ kind: 'counselor', requestId: id, reminder: 0 }, 0],
      [{ kind: 'counselor', requestId: id, reminder: 1 }, REMINDER_DAYS[0] * 86_400],
      [{ kind: 'counselor', requestId: id, reminder: 2 }, REMINDER_DAYS[1] * 86_400],
    ];
    for (const [job, after] of jobs)
      await services.boss.send(AFTER_SUBMISSION_MAIL_QUEUE, job, {
        ...AFTER_SUBMISSION_MAIL_OPTIONS,
        ...(after ? { startAfter: after } : {}),
        db,
      });
  }
  return id;
}

/**
 * Runs in the submission's transaction: the checklist starts as "received" (the applicant uploaded the
 * transcript), "requested" (the counselor's e-mail and its reminders are queued with the submission), or
 * "needed" (no usable counselor address, or no permission to ask: /completion says what to do). An address
 * that is the applicant's own is not kept, so nobody (the desk's "send again" included) sends to it.
 */
export async function openChecklistAtSubmission(
  services: AppServices,
  trx: Knex.Transaction,
  /** The submitted application as the submission has it, or its account id to read it by. */
  submitted: string | SubmittedApplication,
): Promise<void> {
  const now = services.now();
  const app = typeof submitted === 'string' ? await submittedApplication(trx, { userId: submitted }) : submitted;
  if (!app) return;
  const userId = app.userId;
  const plan = transcriptPlan(app, await hasUploadedTranscript(trx, userId));
  const email = plan.counselorEmail && !isApplicantsOwnAddress(app, plan.counselorEmail) ? plan.counselorEmail : '';
  await insertChecklist(trx, {
    user_id: userId,
    status: plan.uploaded ? 'received' : 'needed',
    received_via: plan.uploaded ? 'upload' : null,
    received_at: plan.uploaded ? now : null,
    counselor_email: email || null,
    requested_at: null,
    updated_at: now,
  });
  if (!plan.uploaded && email && counselorRequestPermitted(app)) await sendCounselorRequest(services, trx, userId, email, now);
}

// ---------------------------------------------------------------- the applicant (/completion)

export type ApplicantSendOutcome = 'sent' | 'invalid' | 'own-address' | 'not-permitted' | 'limit' | 'received' | 'not-submitted';

export const APPLICANT_MESSAGES = {
  sent: (email: string) => `We sent the transcript request to ${email}.`,
  invalid: 'Enter your counselor’s e-mail address, like name@school.org.',
  'own-address': 'Enter your counselor’s address, not your own or a family member’s.',
  'not-permitted':
    'You chose not to let us ask your counselor, so we cannot send a request. Ask your high school to send your transcript to the Office of Admissions.',
  limit: (officeEmail: string) =>
    `The request has been sent ${MAX_APPLICANT_SENDS + 1} times, the most we can send from here. E-mail ${officeEmail} with your reference and we will help.`,
  received: 'We already have your transcript, so there is nothing to send.',
} as const;

/** The applicant adds or corrects the counselor's address, or sends the request again: the checklist changes, never the answers. */
export async function applicantSendsRequest(
  services: AppServices,
  userId: string,
  rawEmail: string,
  actor: Actor,
): Promise<ApplicantSendOutcome> {
  const email = rawEmail.trim().toLowerCase();
  if (!email || email.length > 254 || !isEmailAddress(email)) return 'invalid';
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const app = await submittedApplication(trx, { userId });
    if (!app) return 'not-submitted' as const;
    const checklist = await lockedChecklist(trx, app, now);
    if (checklist.status === 'received') return 'received' as const;
    if (!counselorRequestPermitted(app)) return 'not-permitted' as const;
    // The address whose upload the office rejected as unofficial counts as the applicant's own.
    if (isApplicantsOwnAddress(app, email) || checklist.rejected_email === email) return 'own-address' as const;
    // The first request after "we need your counselor's e-mail" is not a resend; every later one is.
    const counts = checklist.requested_at !== null;
    if (counts && checklist.resends >= MAX_APPLICANT_SENDS) return 'limit' as const;
    await sendCounselorRequest(services, trx, userId, email, now);
    if (counts) await updateChecklist(trx, userId, { resends: checklist.resends + 1, updated_at: now });
    const changed = checklist.counselor_email !== email;
    await recordChecklistAudit(trx, {
      at: now,
      actor: actor.name,
      action: changed ? 'counselor-email-changed' : 'counselor-request-resent',
      userId,
      detail: { email },
      ip: actor.ip,
    });
    return 'sent' as const;
  });
}

// ---------------------------------------------------------------- the office

/** The office sends the counselor's request again (to the address on the checklist); 409 when received, no address or no permission. */
export async function officeResendsRequest(services: AppServices, app: SubmittedApplication, actor: Actor): Promise<void> {
  await services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const checklist = await lockedChecklist(trx, app, now);
    if (checklist.status === 'received') throw new ChecklistConflict('The transcript has been received; there is nothing to ask for.');
    if (!counselorRequestPermitted(app)) throw new ChecklistConflict('The applicant did not permit a counselor request.');
    if (!checklist.counselor_email || isApplicantsOwnAddress(app, checklist.counselor_email))
      throw new ChecklistConflict('There is no counselor e-mail address to send the request to.');
    await sendCounselorRequest(services, trx, app.userId, checklist.counselor_email, now);
    await recordChecklistAudit(trx, {
      at: now,
      actor: actor.name,
      action: 'counselor-request-resent',
      userId: app.userId,
      detail: { email: checklist.counselor_email },
      ip: actor.ip,
    });
  });
}
