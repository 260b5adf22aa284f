import type { AppServices } from '../../platform/app-services.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { RELEASE_BATCH_OPTIONS, RELEASE_BATCH_QUEUE, type ReleaseBatchJob } from '../../platform/jobs/queues.js';
import {
  batchItems,
  insertBatch,
  lockBatch,
  removeBatchItem,
  updateBatch,
  type ReleaseBatchRow,
} from '../../db/repos/release-batches.server.js';
import { ReadingError } from './errors.js';
import { mustHold, readingAudit } from './roles.server.js';
import type { StaffActor } from './staff-actor.js';
import { confirmedPreview, releaseOne } from './releases.server.js';

/**
 * A lead schedules the previewed set (confirmed by its digest) for `when`: a batch, and a job that starts then
 * (queued in the same transaction, so there is never a batch without its job or a job without its batch).
 */
export async function scheduleRelease(
  services: AppServices,
  lead: StaffActor,
  applicationIds: readonly string[],
  confirmation: unknown,
  when: Date,
): Promise<ReleaseBatchRow> {
  await mustHold(services, lead, 'lead', 'schedule-release');
  if (!(when instanceof Date) || Number.isNaN(when.getTime())) throw new ReadingError(400, 'Give the date and time of the release.');
  if (when.getTime() <= services.now().getTime())
    throw new ReadingError(400, 'The release time has passed: choose a time in the future, or release now.');
  const preview = await confirmedPreview(services, applicationIds, confirmation);
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const batch = await insertBatch(
      trx,
      { created_by: lead.email, created_at: now, scheduled_for: when, status: 'scheduled' },
      preview.ids,
    );
    const job: ReleaseBatchJob = { batchId: batch.id };
    await services.boss.send(RELEASE_BATCH_QUEUE, job, { ...RELEASE_BATCH_OPTIONS, startAfter: when, db: transactionalDb(trx) });
    await readingAudit(trx, now, lead, 'release-scheduled', null, {
      batch: batch.id,
      at: when.toISOString(),
      ids: preview.ids,
      counts: preview.counts,
    });
    return batch;
  });
}

async function changeScheduled(
  services: AppServices,
  lead: StaffActor,
  batchId: string,
  action: string,
  change: (batch: ReleaseBatchRow, now: Date, trx: Parameters<Parameters<AppServices['db']['knex']['transaction']>[0]>[0]) => Promise<void>,
): Promise<void> {
  await mustHold(services, lead, 'lead', action);
  if (!/^\d{1,18}$/.test(batchId)) throw new ReadingError(404, 'No such release batch.');
  await services.db.knex.transaction(async (trx) => {
    const batch = await lockBatch(trx, batchId);
    if (!batch) throw new ReadingError(404, 'No such release batch.');
    if (batch.status !== 'scheduled')
      throw new ReadingError(409, `This release is ${batch.status}; only a scheduled release can be changed.`);
    await change(batch, services.now(), trx);
  });
}

/** Takes one application out of a scheduled batch: its decision is not released when the batch runs. */
export async function removeFromBatch(services: AppServices, lead: StaffActor, batchId: string, userId: string): Promise<void> {
  await changeScheduled(services, lead, batchId, 'remove-from-release', async (batch, now, trx) => {
    if (!(await removeBatchItem(trx, batch.id, userId, now))) throw new ReadingError(404, 'That application is not in this release.');
    await readingAudit(trx, now, lead, 'release-item-removed', userId, { batch: batch.id });
  });
}

/** Cancels a scheduled batch: its job, when it comes, releases nothing. */
export async function cancelBatch(services: AppServices, lead: StaffActor, batchId: string): Promise<void> {
  await changeScheduled(services, lead, batchId, 'cancel-release', async (batch, now, trx) => {
    await updateBatch(trx, batch.id, { status: 'cancelled', cancelled_by: lead.email, cancelled_at: now });
    await readingAudit(trx, now, lead, 'release-cancelled', null, { batch: batch.id });
  });
}

export type BatchRunOutcome =
  { outcome: 'done'; released: number } | { outcome: 'cancelled' | 'missing' | 'already-done' } | { outcome: 'not-due'; due: Date };

/**
 * The job's work: once due, the batch turns `running` (from then on it can no longer be changed or cancelled)
 * and each remaining item is released through the locked release path — exactly once per application even
 * if the job runs twice — then the batch is `done`. A cancelled batch does nothing.
 */
export async function runReleaseBatch(services: AppServices, batchId: string): Promise<BatchRunOutcome> {
  const started = await services.db.knex.transaction(async (trx) => {
    const batch = await lockBatch(trx, batchId);
    if (!batch) return { outcome: 'missing' } as const;
    if (batch.status === 'cancelled') return { outcome: 'cancelled' } as const;
    if (batch.status === 'done') return { outcome: 'already-done' } as const;
    if (batch.scheduled_for && batch.scheduled_for.getTime() > services.now().getTime())
      return { outcome: 'not-due', due: batch.scheduled_for } as const;
    await updateBatch(trx, batch.id, { status: 'running' });
    return { outcome: 'running', batch } as const;
  });
  if (started.outcome !== 'running') return started;
  const lead: StaffActor = { email: started.batch.created_by };
  let released = 0;
  for (const item of await batchItems(services.db.knex, batchId)) {
    if (item.removed_at) continue;
    if (await releaseOne(services, item.user_id, lead)) released += 1;
  }
  await services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const batch = (await lockBatch(trx, batchId))!;
    await updateBatch(trx, batchId, { status: 'done', done_at: now, released_count: batch.released_count + released });
    await readingAudit(trx, now, { email: `release-batch:${batchId}` }, 'release-batch-done', null, { batch: batchId, released });
  });
  return { outcome: 'done', released };
}
