import type PgBoss from 'pg-boss';
import type { WorkerServices } from '../services.js';
import { DEADLINE_REMINDERS_CRON, DEADLINE_REMINDERS_OPTIONS, DEADLINE_REMINDERS_QUEUE } from '../../platform/jobs/queues.js';
import { claimReminder, extensionsFor, personalExtensions, remindableAccounts } from '../../db/repos/deadlines.server.js';
import { deadlineStateFrom } from '../../domain/deadlines/open-round.server.js';
import { deadlineText } from '../../domain/deadlines/rounds.server.js';
import { deadlineReminderMail, type ReminderThreshold } from '../../domain/mail/deadline-reminder-mail.server.js';
import { stopRemindersUrl } from '../../domain/deadlines/reminder-token.server.js';
import { accountLang } from '../../form/lang.js';

const HOUR_MS = 3_600_000;
/** Nearest first: the reminder due is the nearest threshold the time left has reached. */
const THRESHOLDS: ReadonlyArray<[ReminderThreshold, number]> = [
  ['6h', 6 * HOUR_MS],
  ['2d', 48 * HOUR_MS],
  ['7d', 168 * HOUR_MS],
];
const BATCH = 1000;

/** The reminder due with `leftMs` before the deadline, or none (more than 7 days left, or it has passed). */
export function dueThreshold(leftMs: number): ReminderThreshold | null {
  if (leftMs <= 0) return null;
  return THRESHOLDS.find(([, ms]) => leftMs <= ms)?.[0] ?? null;
}

/**
 * One run (issue 40): each confirmed account with no submitted application, that has not stopped the reminders,
 * gets one e-mail per threshold of the round open to it (its extensions counted). An account that signs up late
 * gets only the nearest reminder, not the ones it missed. The reminder's row is inserted before the e-mail, so two
 * workers or a retry never send it twice; a send that fails is not retried (better one reminder lost than two).
 */
export async function runDeadlineReminders(services: WorkerServices): Promise<{ sent: number }> {
  const { config } = services;
  if (config.deadlines.rounds.length === 0) return { sent: 0 };
  const knex = services.db.knex;
  const now = services.now();
  const everyone = await extensionsFor(knex, null);
  const personal = await personalExtensions(knex);
  let sent = 0;
  let after: string | null = null;
  for (;;) {
    const accounts = await remindableAccounts(knex, after, BATCH);
    for (const account of accounts) {
      const state = deadlineStateFrom(config, [...everyone, ...personal.filter((e) => e.user_id === account.id)], now);
      if (state.kind !== 'open') continue;
      const threshold = dueThreshold(state.closesAt.getTime() - now.getTime());
      if (!threshold) continue;
      if (!(await claimReminder(knex, { user_id: account.id, round: state.round.name, threshold, sent_at: now }))) continue;
      const lang = accountLang(account.language);
      const mail = deadlineReminderMail(config, {
        to: account.username,
        userId: account.id,
        roundName: state.round.name,
        roundLabel: state.round.label,
        deadline: deadlineText(state.closesAt, config.timeZone, lang),
        threshold,
        stopUrl: stopRemindersUrl(config, account.id, now),
        lang,
      });
      try {
        await services.mail.send(mail);
        sent += 1;
      } catch (err) {
        services.logger.warn({ err, userId: account.id, round: state.round.name, threshold }, 'deadline reminder not sent');
      }
    }
    if (accounts.length < BATCH) break;
    after = accounts.at(-1)!.id;
  }
  if (sent > 0) services.logger.info({ sent }, 'deadline reminders sent');
  return { sent };
}

/** Every hour, by pg-boss's schedule (one job per hour however many workers run). */
export async function registerDeadlineReminders(boss: PgBoss, services: WorkerServices): Promise<void> {
  await boss.schedule(
    DEADLINE_REMINDERS_QUEUE,
    DEADLINE_REMINDERS_CRON,
    {},
    { ...DEADLINE_REMINDERS_OPTIONS, tz: services.config.timeZone },
  );
  await boss.work(DEADLINE_REMINDERS_QUEUE, { pollingIntervalSeconds: 30, batchSize: 1 }, async ([job]) => {
    if (job) await runDeadlineReminders(services);
  });
}
