import type { Knex } from 'knex';

/** Release batches (migration 130): a set of applications whose decisions a job releases at a time, until then cancellable. */

export type ReleaseBatchStatus = 'scheduled' | 'running' | 'done' | 'cancelled';

export interface ReleaseBatchRow {
  id: string;
  created_by: string;
  created_at: Date;
  scheduled_for: Date | null;
  status: ReleaseBatchStatus;
  released_count: number;
  cancelled_by: string | null;
  cancelled_at: Date | null;
  done_at: Date | null;
}

export async function insertBatch(
  trx: Knex.Transaction,
  row: Pick<ReleaseBatchRow, 'created_by' | 'created_at' | 'scheduled_for' | 'status'>,
  userIds: readonly string[],
): Promise<ReleaseBatchRow> {
  const [batch] = (await trx('release_batches').insert(row).returning('*')) as ReleaseBatchRow[];
  for (let i = 0; i < userIds.length; i += 500) {
    await trx('release_batch_items').insert(userIds.slice(i, i + 500).map((user_id) => ({ batch_id: batch!.id, user_id })));
  }
  return { ...batch!, id: String(batch!.id) };
}

export async function findBatch(knex: Knex | Knex.Transaction, id: string): Promise<ReleaseBatchRow | null> {
  const row = (await knex('release_batches').where({ id }).first()) as ReleaseBatchRow | undefined;
  return row ? { ...row, id: String(row.id) } : null;
}

/** The batch under lock for the rest of `trx`: cancelling, removing and running take turns. */
export async function lockBatch(trx: Knex.Transaction, id: string): Promise<ReleaseBatchRow | null> {
  const row = (await trx('release_batches').where({ id }).forUpdate().first()) as ReleaseBatchRow | undefined;
  return row ? { ...row, id: String(row.id) } : null;
}

export async function updateBatch(trx: Knex | Knex.Transaction, id: string, patch: Partial<Omit<ReleaseBatchRow, 'id'>>): Promise<void> {
  await trx('release_batches').where({ id }).update(patch);
}

/** Marks an item removed; false when it is not in the batch or was removed before. */
export async function removeBatchItem(trx: Knex.Transaction, batchId: string, userId: string, now: Date): Promise<boolean> {
  return (
    (await trx('release_batch_items').where({ batch_id: batchId, user_id: userId }).whereNull('removed_at').update({ removed_at: now })) > 0
  );
}

export async function batchItems(
  knex: Knex | Knex.Transaction,
  batchId: string,
): Promise<Array<{ user_id: string; removed_at: Date | null }>> {
  return (await knex('release_batch_items').where({ batch_id: batchId }).orderBy('user_id')) as Array<{
    user_id: string;
    removed_at: Date | null;
  }>;
}

export async function listBatches(knex: Knex | Knex.Transaction, limit = 50): Promise<ReleaseBatchRow[]> {
  return ((await knex('release_batches').orderBy('id', 'desc').limit(limit)) as ReleaseBatchRow[]).map((r) => ({ ...r, id: String(r.id) }));
}
