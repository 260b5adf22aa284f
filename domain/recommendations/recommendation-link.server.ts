import type { Knex } from 'knex';
import type { AppServices } from '../../platform/app-services.server.js';
import { recordChecklistAudit } from '../../db/repos/after-submission.server.js';
import {
  findRecommendationByTokenHash,
  lockRecommendation,
  markRecommendationOpened,
  updateRecommendation,
  type RecommendationRow,
} from '../../db/repos/recommendations.server.js';
import { findDocument, replaceDocument } from '../../db/repos/documents.server.js';
import { isRecommendationLetterKey, recommendationLetterKey } from '../../contracts/recommendations.js';
import { TOKEN, tokenHash } from '../after-submission/checklist.server.js';
import { applicantOf, recordRecommendationEvent } from './recommendation-common.server.js';

/** The teacher's side (/recommend/<token>): what the link shows, a letter arriving (file or text), a decline. */

export type RecommendationLinkState =
  | { state: 'unknown' }
  /** A dead link names nobody: an old or forwarded link says nothing about the applicant. */
  | { state: 'dead' | 'declined' }
  | {
      state: 'live' | 'received';
      row: RecommendationRow;
      applicantName: string;
      /** The teacher's file while it is checked, or when it could not be read; null for none (or typed text). */
      file: { status: string | null } | null;
    };

function isDead(row: RecommendationRow, now: Date): boolean {
  return Boolean(row.voided_at) || Boolean(row.refused_at) || row.expires_at.getTime() <= now.getTime();
}

/** A letter is in (or being checked): the link takes no second one. A file that could not be read does not count. */
function letterTaken(row: RecommendationRow, file: { status: string | null } | null): boolean {
  if (!row.letter_submitted_at) return false;
  return row.received_via === 'text' || file?.status !== 'FAILED';
}

export async function recommendationLinkState(services: AppServices, token: string): Promise<RecommendationLinkState> {
  if (!TOKEN.test(token)) return { state: 'unknown' };
  const knex = services.db.knex;
  const row = await findRecommendationByTokenHash(knex, tokenHash(token));
  if (!row) return { state: 'unknown' };
  if (row.declined_at) return { state: 'declined' };
  if (isDead(row, services.now())) return { state: 'dead' };
  const app = await applicantOf(knex, row.user_id);
  if (!app) return { state: 'unknown' };
  const doc = await findDocument(knex, row.user_id, recommendationLetterKey(row.id));
  const file = doc ? { status: doc.status } : null;
  return { state: letterTaken(row, file) ? 'received' : 'live', row, applicantName: app.name, file };
}

/** A GET of a live link: the first one marks it opened (the applicant's checklist says so); every one is audited. */
export async function recordRecommendationView(services: AppServices, state: RecommendationLinkState, ip: string | null): Promise<void> {
  if (state.state !== 'live' && state.state !== 'received') return;
  const knex = services.db.knex;
  await markRecommendationOpened(knex, state.row.id, services.now());
  await recordChecklistAudit(knex, {
    at: services.now(),
    actor: 'recommender',
    action: 'recommender-viewed',
    userId: state.row.user_id,
    detail: { slot: state.row.slot, email: state.row.email, state: state.state },
    ip,
  });
}

export type LetterOutcome = 'stored' | 'taken' | 'dead';

export type Letter =
  | { kind: 'text'; text: string }
  | {
      kind: 'file';
      fileKey: string;
      fileName: string;
      fileSize: number;
      outputKey: string;
      queue: (trx: Knex.Transaction) => Promise<void>;
    };

/**
 * Stores a letter once. Under the row's lock: of two letters sent at once on one link, the first is stored and the
 * second answers 'taken' (its file is then the caller's to delete). Text is received at once (and the CRM told);
 * a file is received when its conversion succeeds (recommendationLetterArrived).
 */
export async function storeLetter(services: AppServices, id: string, letter: Letter, ip: string | null): Promise<LetterOutcome> {
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const row = await lockRecommendation(trx, id);
    if (!row || row.declined_at || isDead(row, now)) return 'dead' as const;
    const key = recommendationLetterKey(row.id);
    const doc = (await trx('document_answers').where({ user_id: row.user_id, answer_key: key }).first('status')) as
      { status: string | null } | undefined;
    if (letterTaken(row, doc ?? null)) return 'taken' as const;
    if (letter.kind === 'text') {
      await updateRecommendation(trx, row.id, {
        letter_submitted_at: now,
        received_via: 'text',
        received_at: now,
        letter_text: letter.text,
      });
      await recordRecommendationEvent(services, trx, row, { received_via: 'text', received_at: now.toISOString() });
    } else {
      await replaceDocument(
        trx,
        {
          user_id: row.user_id,
          answer_key: key,
          file_key: letter.fileKey,
          file_name: letter.fileName,
          file_size: letter.fileSize,
          output_key: null,
        },
        now,
      );
      await letter.queue(trx);
      await updateRecommendation(trx, row.id, { letter_submitted_at: now, received_via: 'file', letter_text: null });
    }
    await recordChecklistAudit(trx, {
      at: now,
      actor: 'recommender',
      action: letter.kind === 'text' ? 'recommendation-received' : 'recommendation-upload',
      userId: row.user_id,
      detail: { slot: row.slot, email: row.email, via: letter.kind },
      ip,
    });
    return 'stored' as const;
  });
}

/** The conversion job found the teacher's file readable: the letter is received now. Idempotent. */
export async function recommendationLetterArrived(services: AppServices, answerKey: string): Promise<void> {
  if (!isRecommendationLetterKey(answerKey)) return;
  const id = answerKey.slice(answerKey.lastIndexOf('-') + 1);
  await services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const row = await lockRecommendation(trx, id);
    if (!row || row.received_at || row.received_via !== 'file') return;
    await updateRecommendation(trx, row.id, { received_at: now });
    await recordChecklistAudit(trx, {
      at: now,
      actor: 'recommender',
      action: 'recommendation-received',
      userId: row.user_id,
      detail: { slot: row.slot, email: row.email, via: 'file' },
    });
    await recordRecommendationEvent(services, trx, row, { received_via: 'file', received_at: now.toISOString() });
  });
}

/** "I cannot write this letter", confirmed: the link dies and the applicant sees it (with the reason, if any). */
export async function declineRecommendation(services: AppServices, id: string, reason: string, ip: string | null): Promise<boolean> {
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const row = await lockRecommendation(trx, id);
    if (!row || row.declined_at || isDead(row, now) || row.letter_submitted_at) return false;
    await updateRecommendation(trx, row.id, { declined_at: now, decline_reason: reason || null });
    await recordChecklistAudit(trx, {
      at: now,
      actor: 'recommender',
      action: 'recommendation-declined',
      userId: row.user_id,
      detail: { slot: row.slot, email: row.email },
      ip,
    });
    return true;
  });
}
