import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { AppServices } from '../app-services.server.js';
import { transactionalDb } from '../../workers/boss.server.js';
import { AFTER_SUBMISSION_MAIL_OPTIONS, AFTER_SUBMISSION_MAIL_QUEUE, WEBHOOK_QUEUE, webhookJobOptions, type AfterSubmissionMailJob, type WebhookJob } from '../../workers/queues.js';
import { insertWebhookEvent } from '../../db/repos/webhook-events.server.js';
import {
  findChecklist,
  findCounselorRequestByTokenHash,
  findDecision,
  insertChecklist,
  insertCounselorRequest,
  latestCounselorRequest,
  lockChecklist,
  recordChecklistAudit,
  updateChecklist,
  voidCounselorRequests,
  type ChecklistRow,
  type CounselorRequestRow,
  type DecisionRow,
  type ReceivedVia,
} from '../../db/repos/after-submission.server.js';
import { transcriptKeys } from '../../form/transcript-keys.js';
import { isEmailAddress } from '../../form/email-address.js';
import { applicantName } from '../../form/applicant-name.js';

/** A counselor's link works this long (Common App's recommender links are similar): a school term with room to spare. */
export const COUNSELOR_LINK_DAYS = 60;
/** Reminders to the counselor while nothing has arrived. */
export const REMINDER_DAYS = [7, 14] as const;
/** Requests the applicant may send from /completion beyond the first (new address or "send again"): a few, never a spam cannon. */
export const MAX_APPLICANT_SENDS = 3;
/** §1 and the receipt promise a decision within two weeks. */
export const DECISION_EXPECTED_DAYS = 14;
export const LETTER_MAX_LENGTH = 10_000;
/** The counselor's upload is kept as a document of the application under this key (not a form question). */
export const COUNSELOR_TRANSCRIPT_KEY = 'counselor_transcript';

const DAY_MS = 86_400_000;
const TOKEN_PURPOSE = 'counselor-request';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export class ChecklistConflict extends Error {}

/** The token in a request's link: an HMAC of its salt, so a reminder repeats the same link without the token being stored. */
export function counselorToken(secret: string, salt: string): string {
  return createHmac('sha256', secret).update(`${TOKEN_PURPOSE}\n${salt}`).digest('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function counselorLink(services: Pick<AppServices, 'config'>, request: Pick<CounselorRequestRow, 'salt'>): string {
  return `${services.config.publicUrl}/counselor/${counselorToken(services.config.sessionSecret, request.salt)}`;
}

export interface SubmittedApplication {
  userId: string;
  username: string;
  reference: string | null;
  submittedAt: Date;
  answers: Record<string, string | boolean>;
  tabs: Record<string, string>;
}

export async function submittedApplication(knex: Knex | Knex.Transaction, where: { userId: string } | { reference: string }): Promise<SubmittedApplication | null> {
  const query = knex('applications as a').join('users as u', 'u.id', 'a.user_id').whereNotNull('a.submitted_at');
  if ('userId' in where) query.where('a.user_id', where.userId);
  else query.where('a.reference', where.reference);
  const row = (await query.first('a.user_id', 'u.username', 'a.reference', 'a.submitted_at', 'a.answers', 'a.tabs')) as
    | { user_id: string; username: string; reference: string | null; submitted_at: Date; answers: SubmittedApplication['answers']; tabs: Record<string, string> }
    | undefined;
  return row ? { userId: row.user_id, username: row.username, reference: row.reference, submittedAt: new Date(row.submitted_at), answers: row.answers, tabs: row.tabs } : null;
}

function answerText(answers: Record<string, unknown>, key: string | null): string {
  const value = key ? answers[key] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

/** What the submitted answers say about the transcript: already uploaded, or the counselor's address (maybe ''). */
function transcriptPlan(app: Pick<SubmittedApplication, 'answers' | 'tabs'>, uploaded: boolean): { uploaded: boolean; counselorEmail: string } {
  const keys = transcriptKeys();
  const chosen = app.tabs[keys.tabsId] ?? keys.defaultItem;
  const email = answerText(app.answers, keys.counselorEmail).toLowerCase();
  return { uploaded: chosen === keys.uploadItem && uploaded, counselorEmail: isEmailAddress(email) ? email : '' };
}

async function hasUploadedTranscript(trx: Knex | Knex.Transaction, userId: string): Promise<boolean> {
  const row = await trx('document_answers').where({ user_id: userId, answer_key: transcriptKeys().fileKey }).whereNotNull('status').first('status');
  return Boolean(row);
}

/** Inserts the request row, voids the older ones, and queues its e-mail and both reminders, all in `trx`. */
async function sendCounselorRequest(services: AppServices, trx: Knex.Transaction, userId: string, email: string, now: Date): Promise<string> {
  await voidCounselorRequests(trx, userId, now);
  const salt = randomBytes(24).toString('base64url');
  const token = counselorToken(services.config.sessionSecret, salt);
  const id = await insertCounselorRequest(trx, { user_id: userId, email, salt, token_hash: tokenHash(token), created_at: now, expires_at: new Date(now.getTime() + COUNSELOR_LINK_DAYS * DAY_MS) });
  await updateChecklist(trx, userId, { status: 'requested', counselor_email: email, requested_at: now, not_my_student_at: null, updated_at: now });
  if (services.boss) {
    const db = transactionalDb(trx);
    const jobs: Array<[AfterSubmissionMailJob, number]> = [
      [{ kind: 'counselor', requestId: id, reminder: 0 }, 0],
      [{ kind: 'counselor', requestId: id, reminder: 1 }, REMINDER_DAYS[0] * 86_400],
      [{ kind: 'counselor', requestId: id, reminder: 2 }, REMINDER_DAYS[1] * 86_400],
    ];
    for (const [job, after] of jobs) await services.boss.send(AFTER_SUBMISSION_MAIL_QUEUE, job, { ...AFTER_SUBMISSION_MAIL_OPTIONS, ...(after ? { startAfter: after } : {}), db });
  }
  return id;
}

/**
 * Runs in the submission's transaction: the checklist starts as "received" (the applicant uploaded the
 * transcript), "requested" (the counselor's e-mail and its reminders are queued with the submission), or
 * "needed" (no counselor address: /completion asks for one).
 */
export async function openChecklistAtSubmission(services: AppServices, trx: Knex.Transaction, userId: string): Promise<void> {
  const now = services.now();
  const app = await submittedApplication(trx, { userId });
  if (!app) return;
  const plan = transcriptPlan(app, await hasUploadedTranscript(trx, userId));
  await insertChecklist(trx, {
    user_id: userId,
    status: plan.uploaded ? 'received' : 'needed',
    received_via: plan.uploaded ? 'upload' : null,
    received_at: plan.uploaded ? now : null,
    counselor_email: plan.counselorEmail || null,
    requested_at: null,
    updated_at: now,
  });
  if (!plan.uploaded && plan.counselorEmail) await sendCounselorRequest(services, trx, userId, plan.counselorEmail, now);
}

/**
 * The checklist of a submitted application, locked in `trx`. Applications submitted before checklists existed
 * get theirs now, from their answers, without e-mailing anyone (nobody asked them at the time).
 */
async function lockedChecklist(trx: Knex.Transaction, app: SubmittedApplication, now: Date): Promise<ChecklistRow> {
  const found = await lockChecklist(trx, app.userId);
  if (found) return found;
  const plan = transcriptPlan(app, await hasUploadedTranscript(trx, app.userId));
  await insertChecklist(trx, {
    user_id: app.userId,
    status: plan.uploaded ? 'received' : 'needed',
    received_via: plan.uploaded ? 'upload' : null,
    received_at: plan.uploaded ? app.submittedAt : null,
    counselor_email: plan.counselorEmail || null,
    requested_at: null,
    updated_at: now,
  });
  return (await lockChecklist(trx, app.userId))!;
}

/** An event for the CRM (webhook outbox, same transaction as the change), when webhooks are configured. */
export async function recordEvent(services: AppServices, trx: Knex.Transaction, app: SubmittedApplication, type: string, data: Record<string, unknown>): Promise<void> {
  if (!services.config.webhook) return;
  const now = services.now();
  const id = await insertWebhookEvent(trx, {
    type,
    user_id: app.userId,
    now,
    payload: { type, created_at: now.toISOString(), data: { application_id: app.userId, reference: app.reference, ...data } },
  });
  const job: WebhookJob = { eventId: id };
  await services.boss?.send(WEBHOOK_QUEUE, job, { ...webhookJobOptions(services.webhookRetry), db: transactionalDb(trx) });
}

export interface Actor {
  /** A staff e-mail, `integration:<client>`, `counselor` or `applicant`. */
  name: string;
  ip?: string | null;
}

// ---------------------------------------------------------------- the applicant (/completion)

export type ApplicantSendOutcome = 'sent' | 'invalid' | 'limit' | 'received' | 'not-submitted';

export const APPLICANT_MESSAGES = {
  sent: (email: string) => `We sent the transcript request to ${email}.`,
  invalid: 'Enter your counselor’s e-mail address, like name@school.org.',
  limit: (officeEmail: string) => `The request has been sent ${MAX_APPLICANT_SENDS + 1} times, the most we can send from here. E-mail ${officeEmail} with your reference and we will help.`,
  received: 'We already have your transcript, so there is nothing to send.',
} as const;

/** The applicant adds or corrects the counselor's address, or sends the request again: the checklist changes, never the answers. */
export async function applicantSendsRequest(services: AppServices, userId: string, rawEmail: string, actor: Actor): Promise<ApplicantSendOutcome> {
  const email = rawEmail.trim().toLowerCase();
  if (!email || email.length > 254 || !isEmailAddress(email)) return 'invalid';
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const app = await submittedApplication(trx, { userId });
    if (!app) return 'not-submitted' as const;
    const checklist = await lockedChecklist(trx, app, now);
    if (checklist.status === 'received') return 'received' as const;
    // The first request after "we need your counselor's e-mail" is not a resend; every later one is.
    const counts = checklist.requested_at !== null;
    if (counts && checklist.resends >= MAX_APPLICANT_SENDS) return 'limit' as const;
    await sendCounselorRequest(services, trx, userId, email, now);
    if (counts) await updateChecklist(trx, userId, { resends: checklist.resends + 1, updated_at: now });
    const changed = checklist.counselor_email !== email;
    await recordChecklistAudit(trx, { at: now, actor: actor.name, action: changed ? 'counselor-email-changed' : 'counselor-request-resent', userId, detail: { email }, ip: actor.ip });
    return 'sent' as const;
  });
}

// ---------------------------------------------------------------- the counselor (/counselor/<token>)

export type CounselorLinkState =
  | { state: 'unknown' }
  | { state: 'expired' | 'void' | 'not-my-student'; applicantName: string }
  | { state: 'live' | 'received'; request: CounselorRequestRow; app: SubmittedApplication; applicantName: string; schoolName: string; counselorName: string; upload: { status: string | null; fileName: string } | null };

export async function counselorLinkState(services: AppServices, token: string): Promise<CounselorLinkState> {
  if (!TOKEN.test(token)) return { state: 'unknown' };
  const knex = services.db.knex;
  const request = await findCounselorRequestByTokenHash(knex, tokenHash(token));
  if (!request) return { state: 'unknown' };
  const app = await submittedApplication(knex, { userId: request.user_id });
  if (!app) return { state: 'unknown' };
  const name = applicantName(app.answers, 'the applicant');
  const checklist = await findChecklist(knex, app.userId);
  const doc = (await knex('document_answers').where({ user_id: app.userId, answer_key: COUNSELOR_TRANSCRIPT_KEY }).first('status', 'file_name')) as
    | { status: string | null; file_name: string }
    | undefined;
  const keys = transcriptKeys();
  const details = {
    request,
    app,
    applicantName: name,
    schoolName: answerText(app.answers, keys.schoolName),
    counselorName: [answerText(app.answers, keys.counselorFirstName), answerText(app.answers, keys.counselorLastName)].filter(Boolean).join(' '),
    upload: doc ? { status: doc.status, fileName: doc.file_name } : null,
  };
  // The counselor who sent it may come back to the same link to see that it arrived.
  if (checklist?.status === 'received') return { state: 'received', ...details };
  if (request.voided_at) return { state: checklist?.not_my_student_at && checklist.not_my_student_at >= request.voided_at ? 'not-my-student' : 'void', applicantName: name };
  if (request.expires_at.getTime() <= services.now().getTime()) return { state: 'expired', applicantName: name };
  return { state: 'live', ...details };
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
    await recordChecklistAudit(trx, { at: now, actor: 'counselor', action: 'transcript-received', userId, detail: { via: 'counselor', email: checklist.counselor_email } });
    await recordEvent(services, trx, app, 'transcript.received', { received_via: 'counselor', received_at: now.toISOString() });
  });
}

/** "This is not my student": the link dies, the reminders stop, and the applicant and the office see it. */
export async function counselorSaysNotMyStudent(services: AppServices, token: string): Promise<boolean> {
  const state = await counselorLinkState(services, token);
  if (state.state !== 'live') return false;
  await services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const checklist = await lockedChecklist(trx, state.app, now);
    if (checklist.status === 'received') return;
    await voidCounselorRequests(trx, state.app.userId, now);
    await updateChecklist(trx, state.app.userId, { status: 'needed', not_my_student_at: now, updated_at: now });
    await recordChecklistAudit(trx, { at: now, actor: 'counselor', action: 'counselor-not-my-student', userId: state.app.userId, detail: { email: state.request.email } });
  });
  return true;
}

// ---------------------------------------------------------------- the office (staff desk, integration API)

export type OfficeOutcome = 'changed' | 'unchanged';

/** Marks the transcript received (paper, e-transcript, the CRM); idempotent. Voids the counselor's link. */
export async function markTranscriptReceived(services: AppServices, app: SubmittedApplication, via: ReceivedVia, actor: Actor): Promise<OfficeOutcome> {
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const checklist = await lockedChecklist(trx, app, now);
    if (checklist.status === 'received') return 'unchanged' as const;
    await updateChecklist(trx, app.userId, { status: 'received', received_via: via, received_at: now, updated_at: now });
    await voidCounselorRequests(trx, app.userId, now);
    await recordChecklistAudit(trx, { at: now, actor: actor.name, action: 'transcript-received', userId: app.userId, detail: { via }, ip: actor.ip });
    await recordEvent(services, trx, app, 'transcript.received', { received_via: via, received_at: now.toISOString() });
    return 'changed' as const;
  });
}

/** The office sends the counselor's request again (to the address on the checklist); 409 when received or no address. */
export async function officeResendsRequest(services: AppServices, app: SubmittedApplication, actor: Actor): Promise<void> {
  await services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const checklist = await lockedChecklist(trx, app, now);
    if (checklist.status === 'received') throw new ChecklistConflict('The transcript has been received; there is nothing to ask for.');
    if (!checklist.counselor_email) throw new ChecklistConflict('There is no counselor e-mail address to send the request to.');
    await sendCounselorRequest(services, trx, app.userId, checklist.counselor_email, now);
    await recordChecklistAudit(trx, { at: now, actor: actor.name, action: 'counselor-request-resent', userId: app.userId, detail: { email: checklist.counselor_email }, ip: actor.ip });
  });
}

// ---------------------------------------------------------------- what everyone reads

export interface AfterSubmissionState {
  app: SubmittedApplication;
  checklist: ChecklistRow;
  request: CounselorRequestRow | null;
  decision: DecisionRow | null;
}

/** The checklist (created on first read for older submissions), the newest request and the decision. */
export async function afterSubmissionState(services: AppServices, userId: string): Promise<AfterSubmissionState | null> {
  const knex = services.db.knex;
  const app = await submittedApplication(knex, { userId });
  if (!app) return null;
  let checklist = await findChecklist(knex, userId);
  if (!checklist) checklist = await knex.transaction((trx) => lockedChecklist(trx, app, services.now()));
  const [request, decision] = await Promise.all([latestCounselorRequest(knex, userId), findDecision(knex, userId)]);
  return { app, checklist, request, decision };
}

export function decisionExpectedBy(submittedAt: Date): Date {
  return new Date(submittedAt.getTime() + DECISION_EXPECTED_DAYS * DAY_MS);
}
