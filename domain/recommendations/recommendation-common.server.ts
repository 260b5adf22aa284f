import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import type { AppServices } from '../../platform/app-services.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { WEBHOOK_QUEUE, webhookJobOptions, type WebhookJob } from '../../platform/jobs/queues.js';
import { insertWebhookEvent } from '../../db/repos/webhook-events.server.js';
import type { RecommendationRow } from '../../db/repos/recommendations.server.js';
import { applicantName } from '../../form/applicant-name.js';
import { type Lang, accountLang } from '../../form/lang.js';

/**
 * What the applicant's side, the teacher's side and the worker share: the link's token (made like a counselor's,
 * with a purpose of its own so one kind of link never opens the other), the applicant a row belongs to, and
 * the CRM's event.
 */

/** As long as a counselor's link: a school term with room to spare. */
export const RECOMMENDATION_LINK_DAYS = 60;
/** Invitations an applicant may send in all (two teachers, corrections, replacements): a few, never a spam cannon. */
export const MAX_INVITATIONS = 6;
export const TEACHER_NAME_MAX = 100;
export const SUBJECT_MAX = 100;
export const LETTER_TEXT_MAX = 20_000;
export const DECLINE_REASON_MAX = 1_000;
const TOKEN_PURPOSE = 'recommendation-invitation';

export function recommendationToken(secret: string, salt: string): string {
  return createHmac('sha256', secret).update(`${TOKEN_PURPOSE}\n${salt}`).digest('base64url');
}

export function recommendationLink(services: Pick<AppServices, 'config'>, row: Pick<RecommendationRow, 'salt'>): string {
  return `${services.config.publicUrl}/recommend/${recommendationToken(services.config.sessionSecret, row.salt)}`;
}

/** The applicant, submitted or not: teachers may be invited before submitting. */
export interface Applicant {
  userId: string;
  username: string;
  reference: string | null;
  submittedAt: Date | null;
  answers: Record<string, string | boolean>;
  name: string;
  /** The account's language (users.language): the teacher's e-mail follows it (docs/i18n.md). */
  lang: Lang;
}

export async function applicantOf(knex: Knex | Knex.Transaction, userId: string, lock = false): Promise<Applicant | null> {
  const query = knex('applications as a').join('users as u', 'u.id', 'a.user_id').where('a.user_id', userId);
  if (lock) query.forUpdate('a');
  const row = (await query.first('a.user_id', 'u.username', 'a.reference', 'a.submitted_at', 'a.answers', 'u.language')) as
    | {
        user_id: string;
        username: string;
        reference: string | null;
        submitted_at: Date | null;
        answers: Applicant['answers'] | null;
        language: string | null;
      }
    | undefined;
  if (!row) return null;
  const answers = row.answers ?? {};
  return {
    userId: row.user_id,
    username: row.username,
    reference: row.reference,
    submittedAt: row.submitted_at ? new Date(row.submitted_at) : null,
    answers,
    name: applicantName(answers, 'An applicant'),
    lang: accountLang(row.language),
  };
}

/** The CRM's `recommendation.received` event (webhook outbox, in the transaction that stored the letter). */
export async function recordRecommendationEvent(
  services: AppServices,
  trx: Knex.Transaction,
  row: RecommendationRow,
  data: Record<string, unknown>,
): Promise<void> {
  if (!services.config.webhook) return;
  const now = services.now();
  const app = await applicantOf(trx, row.user_id);
  const waiver = (await trx('recommendation_waivers').where({ user_id: row.user_id }).first('waived')) as { waived: boolean } | undefined;
  const type = 'recommendation.received';
  const id = await insertWebhookEvent(trx, {
    type,
    user_id: row.user_id,
    now,
    payload: {
      type,
      created_at: now.toISOString(),
      data: {
        application_id: row.user_id,
        reference: app?.reference ?? null,
        recommendation_id: row.id,
        slot: row.slot,
        teacher_name: row.teacher_name,
        teacher_email: row.email,
        subject: row.subject,
        waived: waiver?.waived ?? null,
        ...data,
      },
    },
  });
  const job: WebhookJob = { eventId: id };
  await services.boss?.send(WEBHOOK_QUEUE, job, { ...webhookJobOptions(services.webhookRetry), db: transactionalDb(trx) });
}
