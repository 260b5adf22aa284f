import type PgBoss from 'pg-boss';
import type { Knex } from 'knex';
import { PING_QUEUE, type PingData } from '../../platform/jobs/queues.js';

/** Proves the queue round trip: the handler records the nonce it received. */
export async function registerPing(boss: PgBoss, knex: Knex): Promise<void> {
  await boss.createQueue(PING_QUEUE);
  await boss.work<PingData>(PING_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (!job) return;
    await knex('app_meta')
      .insert({ key: `ping:${job.data.nonce}`, value: JSON.stringify({ jobId: job.id, at: new Date().toISOString() }) })
      .onConflict('key')
      .merge();
  });
}
