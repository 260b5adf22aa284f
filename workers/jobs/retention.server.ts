import type PgBoss from 'pg-boss';
import type { WorkerServices } from '../services.js';
import { RETENTION_CRON, RETENTION_JOB_OPTIONS, RETENTION_QUEUE } from '../../platform/jobs/queues.js';
import { recordAudit } from '../../db/repos/staff.server.js';
import { expiredSubmissions, idleUnsubmittedAccounts, setRetentionWarning } from '../../db/repos/retention.server.js';
import { retentionWarningMail } from '../../domain/mail/retention-mail.server.js';
import { accountLang } from '../../form/lang.js';
import { eraseApplicant } from '../../domain/account/erase.server.js';

/** An idle account is warned this long before it is deleted. */
export const RETENTION_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;
/** Accounts handled per run; a daily run with more left simply continues the next day. */
const BATCH = 500;

/** `months` calendar months before `date` (UTC). */
export function monthsBefore(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export interface RetentionOutcome {
  warned: number;
  deleted: number;
  purged: number;
}

/**
 * One retention run (issue 27), by the worker's daily job; the clock is services.now(), so tests move time.
 * - An unsubmitted account unused for INACTIVE_ACCOUNT_MONTHS less 30 days gets the warning e-mail (once).
 * - It is deleted when it has been unused for the whole period and was warned at least 30 days ago, with no use
 *   since the warning. Any use clears the warning: the account starts a new idle period.
 * - A submitted application is never touched by the above; it is purged SUBMITTED_RETENTION_MONTHS after its
 *   submission, when that is set (default: kept forever).
 * Every step is in the audit trail, without personal data.
 */
export async function runRetention(services: WorkerServices): Promise<RetentionOutcome> {
  const { knex } = services.db;
  const { inactiveAccountMonths, submittedRetentionMonths } = services.config.retention;
  const now = services.now();
  const idleSince = monthsBefore(now, inactiveAccountMonths);
  const warnFrom = new Date(idleSince.getTime() + RETENTION_WARNING_DAYS * DAY_MS);
  const outcome: RetentionOutcome = { warned: 0, deleted: 0, purged: 0 };
  const system = { staff_email: 'system:retention', ip: null };

  for (const account of await idleUnsubmittedAccounts(knex, warnFrom, BATCH)) {
    const warnedAt = account.retention_warned_at;
    if (warnedAt && account.last_active_at > warnedAt) {
      await setRetentionWarning(knex, account.id, null);
      if (account.last_active_at > warnFrom) continue;
    }
    const warningHolds = warnedAt && account.last_active_at <= warnedAt;
    if (warningHolds && warnedAt.getTime() <= now.getTime() - RETENTION_WARNING_DAYS * DAY_MS && account.last_active_at <= idleSince) {
      const detail = { reason: `unsubmitted and unused for ${inactiveAccountMonths} months`, warned_at: warnedAt.toISOString() };
      // Never a submitted one: an application submitted since the query stays.
      if (
        (await eraseApplicant(
          services,
          account.id,
          { ...system, at: now, action: 'retention-delete', detail },
          { unsubmittedOnly: true },
        )) === 'erased'
      )
        outcome.deleted += 1;
      continue;
    }
    if (warningHolds) continue;
    const deleteAfter = new Date(
      Math.max(now.getTime() + RETENTION_WARNING_DAYS * DAY_MS, account.last_active_at.getTime() + (now.getTime() - idleSince.getTime())),
    );
    // Sent first, marked after: a failed send is retried by the next run (or pg-boss's retry) rather than lost.
    await services.mail.send(
      retentionWarningMail(services.config, {
        to: account.username,
        deleteAfter,
        inactiveMonths: inactiveAccountMonths,
        userId: account.id,
        warnedAt: now,
        lang: accountLang(account.language),
      }),
    );
    await setRetentionWarning(knex, account.id, now);
    await recordAudit(knex, {
      ...system,
      at: now,
      action: 'retention-warning',
      user_id: account.id,
      detail: { delete_after: deleteAfter.toISOString() },
    });
    outcome.warned += 1;
  }

  if (submittedRetentionMonths !== null) {
    for (const app of await expiredSubmissions(knex, monthsBefore(now, submittedRetentionMonths), BATCH)) {
      const detail = {
        reason: `submitted more than ${submittedRetentionMonths} months ago`,
        reference: app.reference,
        submitted_at: new Date(app.submitted_at).toISOString(),
      };
      if (
        (await eraseApplicant(
          services,
          app.user_id,
          { ...system, at: now, action: 'retention-purge', detail },
          { unsubmittedOnly: false },
        )) === 'erased'
      )
        outcome.purged += 1;
    }
  }
  if (outcome.warned + outcome.deleted + outcome.purged > 0) services.logger.info({ retention: outcome }, 'retention run');
  return outcome;
}

/**
 * The retention run (issue 27), once a day: pg-boss's schedule makes one job per day however many workers run,
 * and a run that fails is retried. Its work (which accounts, what time it is) is in runRetention.
 */
export async function registerRetention(boss: PgBoss, services: WorkerServices): Promise<void> {
  await boss.schedule(RETENTION_QUEUE, RETENTION_CRON, {}, { ...RETENTION_JOB_OPTIONS, tz: services.config.timeZone });
  await boss.work(RETENTION_QUEUE, { pollingIntervalSeconds: 30, batchSize: 1 }, async ([job]) => {
    if (job) await runRetention(services);
  });
}
