import { createHash, createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import type { AppServices } from '../../platform/app-services.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { WEBHOOK_QUEUE, webhookJobOptions, type WebhookJob } from '../../platform/jobs/queues.js';
import { insertWebhookEvent } from '../../db/repos/webhook-events.server.js';
import {
  findChecklist,
  findDecision,
  insertChecklist,
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
import { accountLang, type Lang } from '../../form/lang.js';

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

export const DAY_MS = 86_400_000;
const TOKEN_PURPOSE = 'counselor-request';
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

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
  /** The language the account reads (users.language): its e-mails are written in it. */
  lang: Lang;
  reference: string | null;
  submittedAt: Date;
  answers: Record<string, string | boolean>;
  tabs: Record<string, string>;
}

export async function submittedApplication(
  knex: Knex | Knex.Transaction,
  where: { userId: string } | { reference: string },
): Promise<SubmittedApplication | null> {
  const query = knex('applications as a').join('users as u', 'u.id', 'a.user_id').whereNotNull('a.submitted_at');
  if ('userId' in where) query.where('a.user_id', where.userId);
  else query.where('a.reference', where.reference);
  const row = (await query.first('a.user_id', 'u.username', 'u.language', 'a.reference', 'a.submitted_at', 'a.answers', 'a.tabs')) as
    | {
        user_id: string;
        username: string;
        language: string | null;
        reference: string | null;
        submitted_at: Date;
        answers: SubmittedApplication['answers'];
        tabs: Record<string, string>;
      }
    | undefined;
  return row
    ? {
        userId: row.user_id,
        username: row.username,
        lang: accountLang(row.language),
        reference: row.reference,
        submittedAt: new Date(row.submitted_at),
        answers: row.answers,
        tabs: row.tabs,
      }
    : null;
}

export function answerText(answers: Record<string, unknown>, key: string | null): string {
  const value = key ? answers[key] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

/** What the submitted answers say about the transcript: already uploaded, or the counselor's address (maybe ''). */
export function transcriptPlan(
  app: Pick<SubmittedApplication, 'answers' | 'tabs'>,
  uploaded: boolean,
): { uploaded: boolean; counselorEmail: string } {
  const keys = transcriptKeys();
  const chosen = app.tabs[keys.tabsId] ?? keys.defaultItem;
  const email = answerText(app.answers, keys.counselorEmail).toLowerCase();
  return { uploaded: chosen === keys.uploadItem && uploaded, counselorEmail: isEmailAddress(email) ? email : '' };
}

export async function hasUploadedTranscript(trx: Knex | Knex.Transaction, userId: string): Promise<boolean> {
  const row = await trx('document_answers')
    .where({ user_id: userId, answer_key: transcriptKeys().fileKey })
    .whereNotNull('status')
    .first('status');
  return Boolean(row);
}

/**
 * The checklist of a submitted application, locked in `trx`. Applications submitted before checklists existed
 * get theirs now, from their answers, without e-mailing anyone (nobody asked them at the time).
 */
export async function lockedChecklist(trx: Knex.Transaction, app: SubmittedApplication, now: Date): Promise<ChecklistRow> {
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
export async function recordEvent(
  services: AppServices,
  trx: Knex.Transaction,
  app: SubmittedApplication,
  type: string,
  data: Record<string, unknown>,
): Promise<void> {
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

// ---------------------------------------------------------------- the office (staff desk, integration API)

export type OfficeOutcome = 'changed' | 'unchanged';

/** Marks the transcript received (paper, e-transcript, the CRM); idempotent. Voids the counselor's link. */
export async function markTranscriptReceived(
  services: AppServices,
  app: SubmittedApplication,
  via: ReceivedVia,
  actor: Actor,
): Promise<OfficeOutcome> {
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const checklist = await lockedChecklist(trx, app, now);
    if (checklist.status === 'received') return 'unchanged' as const;
    await updateChecklist(trx, app.userId, { status: 'received', received_via: via, received_at: now, updated_at: now });
    await voidCounselorRequests(trx, app.userId, now);
    await recordChecklistAudit(trx, {
      at: now,
      actor: actor.name,
      action: 'transcript-received',
      userId: app.userId,
      detail: { via },
      ip: actor.ip,
    });
    await recordEvent(services, trx, app, 'transcript.received', { received_via: via, received_at: now.toISOString() });
    return 'changed' as const;
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
