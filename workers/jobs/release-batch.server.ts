import type PgBoss from 'pg-boss';
import type { WorkerServices } from '../services.js';
import { RELEASE_BATCH_QUEUE, type ReleaseBatchJob } from '../../platform/jobs/queues.js';
import { runReleaseBatch } from '../../domain/reading/release-batches.server.js';

/** Runs a scheduled release (domain/reading/release-batches.server.ts); a batch not yet due fails the attempt so pg-boss tries again. */
export async function registerReleaseBatch(boss: PgBoss, services: WorkerServices): Promise<void> {
  await boss.work<ReleaseBatchJob>(RELEASE_BATCH_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    const result = await runReleaseBatch({ ...services, boss }, job.data.batchId);
    if (result.outcome === 'not-due') throw new Error(`release batch ${job.data.batchId} is not due until ${result.due.toISOString()}`);
    services.logger.info({ batchId: job.data.batchId, ...result }, 'release batch');
  });
}
