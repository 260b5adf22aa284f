import type { Knex } from 'knex';
import { WEB_STATUSES } from '../../contracts/statuses.js';
import { assignReference } from './references.server.js';
import { lockApplication, type ApplicationRow } from './applications.server.js';

export type SubmitOutcome =
  | { outcome: 'submitted'; submittedAt: Date; firstTime: boolean; reference: string | null }
  | { outcome: 'invalid'; problems: unknown }
  | { outcome: 'closed'; message: string };

/**
 * Submits exactly once: the row lock serialises concurrent submits (double clicks, two tabs, retries);
 * the second finds `submitted_at` set and reports the same submission. `check` returns problems or null;
 * `afterSubmit` runs inside the same transaction (e.g. to enqueue the application PDF atomically).
 * `deadline` (issue 40): the round the submission falls under (stored with it), or the refusal once every round
 * has closed; an application already submitted still reports its submission.
 */
export async function submitApplication(
  knex: Knex,
  userId: string,
  options: {
    now: Date;
    deadline?: { round: string | null } | { closed: string };
    check: (locked: ApplicationRow) => unknown | null;
    afterSubmit?: (trx: Knex.Transaction) => Promise<void>;
  },
): Promise<SubmitOutcome> {
  return knex.transaction(async (trx) => {
    const row = await lockApplication(trx, userId, options.now);
    if (row.submitted_at) return { outcome: 'submitted', submittedAt: row.submitted_at, firstTime: false, reference: row.reference };
    if (options.deadline && 'closed' in options.deadline) return { outcome: 'closed', message: options.deadline.closed };
    const problems = options.check(row);
    if (problems) return { outcome: 'invalid', problems };
    const round = options.deadline?.round ?? null;
    await trx('applications')
      .where({ user_id: userId })
      .update({ submitted_at: options.now, updated_at: options.now, deadline_round: round });
    const reference = await assignReference(trx, userId);
    // Submission records every status it implies (§4 derives web_status by their count).
    for (const status of WEB_STATUSES) {
      await trx('web_statuses')
        .insert({ user_id: userId, web_status: status, recorded_at: options.now })
        .onConflict(['user_id', 'web_status'])
        .ignore();
    }
    await options.afterSubmit?.(trx);
    return { outcome: 'submitted', submittedAt: options.now, firstTime: true, reference };
  });
}
