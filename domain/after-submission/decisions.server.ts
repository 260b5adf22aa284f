import type { Knex } from 'knex';
import type { AppServices } from '../../platform/app-services.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { AFTER_SUBMISSION_MAIL_OPTIONS, AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import {
  lockDecision,
  markDecisionReleased,
  recordChecklistAudit,
  upsertDecision,
  type Decision,
  type DecisionRow,
} from '../../db/repos/after-submission.server.js';
import { ChecklistConflict, recordEvent, type Actor, type OfficeOutcome, type SubmittedApplication } from './checklist.server.js';

/**
 * The admission decision, as the staff desk (one application or a batch) and the CRM record and release it.
 * Every path takes the same lock first (lockDecision), so concurrent writers take turns on PostgreSQL too.
 */

export interface DecisionInput {
  decision: Decision;
  letter?: string | null;
  release?: boolean;
  /** The letter template version the letter came from and whether staff edited it for this applicant (issue 37). */
  template?: { version: number; edited: boolean } | null;
}

const DECISION_FINAL = 'A decision has already been released for this application; it cannot be changed.';

/** The decision under the application's lock (taken even before the first decision exists; see lockDecision). */
async function lockedDecision(trx: Knex.Transaction, app: SubmittedApplication): Promise<DecisionRow | null> {
  const { found, decision } = await lockDecision(trx, app.userId);
  if (!found) throw new ChecklistConflict('This application is no longer submitted; there is no decision to record.');
  return decision;
}

/**
 * Records (and with `release`, releases) a decision. Idempotent: the same decision and letter again change
 * nothing. A released decision is final: a different one answers 409 (ChecklistConflict). Concurrent writers
 * take turns under the lock, so the audit and the webhook describe the row as stored.
 */
export async function recordDecision(
  services: AppServices,
  app: SubmittedApplication,
  input: DecisionInput,
  actor: Actor,
): Promise<{ recorded: OfficeOutcome; released: OfficeOutcome }> {
  const letter = input.letter?.trim() ? input.letter.replace(/\r\n/g, '\n').trim() : null;
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const current = await lockedDecision(trx, app);
    const same = current && current.decision === input.decision && (current.letter ?? null) === letter;
    if (current?.released_at && !same) throw new ChecklistConflict(DECISION_FINAL);
    let recorded: OfficeOutcome = 'unchanged';
    if (!same) {
      const stored = await upsertDecision(trx, {
        user_id: app.userId,
        decision: input.decision,
        letter,
        recorded_by: actor.name,
        recorded_at: now,
        template_version: input.template?.version ?? null,
        letter_edited: input.template ? input.template.edited : null,
      });
      // Unreachable under the lock; kept so that no path can ever rewrite a released decision.
      if (!stored) throw new ChecklistConflict(DECISION_FINAL);
      await recordChecklistAudit(trx, {
        at: now,
        actor: actor.name,
        action: 'decision-recorded',
        userId: app.userId,
        detail: { decision: stored.decision, letter: Boolean(stored.letter) },
        ip: actor.ip,
      });
      recorded = 'changed';
    }
    const released = input.release ? await releaseLocked(services, trx, app, actor, now) : 'unchanged';
    return { recorded, released };
  });
}

async function releaseLocked(
  services: AppServices,
  trx: Knex.Transaction,
  app: SubmittedApplication,
  actor: Actor,
  now: Date,
): Promise<OfficeOutcome> {
  const decision = await markDecisionReleased(trx, app.userId, actor.name, now);
  if (!decision) return 'unchanged';
  await recordChecklistAudit(trx, {
    at: now,
    actor: actor.name,
    action: 'decision-released',
    userId: app.userId,
    detail: { decision: decision.decision },
    ip: actor.ip,
  });
  await recordEvent(services, trx, app, 'decision.released', { decision: decision.decision, released_at: now.toISOString() });
  const job: AfterSubmissionMailJob = { kind: 'decision', userId: app.userId };
  await services.boss?.send(AFTER_SUBMISSION_MAIL_QUEUE, job, { ...AFTER_SUBMISSION_MAIL_OPTIONS, db: transactionalDb(trx) });
  return 'changed';
}

/** Releases a recorded decision (idempotent); 409 when none is recorded. The staff batch release takes this path too. */
export async function releaseDecision(services: AppServices, app: SubmittedApplication, actor: Actor): Promise<OfficeOutcome> {
  return services.db.knex.transaction(async (trx) => {
    const current = await lockedDecision(trx, app);
    if (!current) throw new ChecklistConflict('Record a decision before releasing it.');
    return releaseLocked(services, trx, app, actor, services.now());
  });
}
