import type PgBoss from 'pg-boss';
import type { WorkerServices } from '../services.js';
import { RETENTION_CRON, RETENTION_JOB_OPTIONS, RETENTION_QUEUE } from '../queues.js';
import { runRetention } from '../../server/account/retention.server.js';

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
