import type { Knex } from 'knex';
import { WEB_STATUSES } from '../../contracts/statuses.js';
import { assignReference, isReferenceCollision } from './references.server.js';
import { lockApplication, type ApplicationRead } from './applications.server.js';

export type SubmitOutcome =
  | { outcome: 'submitted'; submittedAt: Date; firstTime: boolean; reference: string | null }
  | { outcome: 'invalid'; problems: unknown }
  | { outcome: 'closed'; message: string };

/** What a first submission hands to `afterSubmit`: the locked row as submitted, so nothing after it reads the row again. */
export interface Submitted {
  row: ApplicationRead;
  reference: string;
  submittedAt: Date;
}

/** Whole submissions tried again when two drew the same new reference at the same instant (the unique index says so). */
const ATTEMPTS = 3;

/**
 * Submits exactly once: the row lock serialises concurrent submits (double clicks, two tabs, retries);
 * the second finds `submitted_at` set and reports the same submission. `check` returns problems or null;
 * `afterSubmit` runs inside the same transaction (e.g. to enqueue the application PDF atomically).
 * `deadline` (issue 40): the round the submission falls under (stored with it), or the refusal once every round
 * has closed; an application already submitted still reports its submission.
 * `absorb` takes in answers carried through login on the locked row first, when some wait (has_carried_answers).
 * The submission is as few round trips as it can be (issue 40, docs/performance.md): one lock, one UPDATE with
 * the reference, one INSERT of the statuses it implies.
 */
export async function submitApplication(
  knex: Knex,
  userId: string,
  options: {
    now: Date;
    deadline?: { round: string | null } | { closed: string };
    absorb?: (trx: Knex.Transaction, row: ApplicationRead) => Promise<ApplicationRead>;
    check: (locked: ApplicationRead) => unknown | null;
    afterSubmit?: (trx: Knex.Transaction, submitted: Submitted) => Promise<void>;
  },
): Promise<SubmitOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await knex.transaction((trx) => submitLocked(trx, userId, options));
    } catch (err) {
      if (attempt >= ATTEMPTS || !isReferenceCollision(err)) throw err;
    }
  }
}

async function submitLocked(
  trx: Knex.Transaction,
  userId: string,
  options: Parameters<typeof submitApplication>[2],
): Promise<SubmitOutcome> {
  let row = await lockApplication(trx, userId, options.now);
  if (row.submitted_at) return { outcome: 'submitted', submittedAt: row.submitted_at, firstTime: false, reference: row.reference };
  if (options.deadline && 'closed' in options.deadline) return { outcome: 'closed', message: options.deadline.closed };
  if (row.has_carried_answers && options.absorb) row = await options.absorb(trx, row);
  const problems = options.check(row);
  if (problems) return { outcome: 'invalid', problems };
  const submittedAt = options.now;
  const reference = await assignReference(trx, userId, undefined, {
    submitted_at: submittedAt,
    updated_at: submittedAt,
    deadline_round: options.deadline?.round ?? null,
  });
  // Submission records every status it implies (§4 derives web_status by their count).
  await trx('web_statuses')
    .insert(WEB_STATUSES.map((status) => ({ user_id: userId, web_status: status, recorded_at: submittedAt })))
    .onConflict(['user_id', 'web_status'])
    .ignore();
  await options.afterSubmit?.(trx, { row: { ...row, submitted_at: submittedAt, reference }, reference, submittedAt });
  return { outcome: 'submitted', submittedAt, firstTime: true, reference };
}
