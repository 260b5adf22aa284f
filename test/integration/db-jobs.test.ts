import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { createBoss, transactionalDb } from '../../platform/jobs/boss.server.js';
import { stopBoss } from '../helpers/app.js';
import { ignoreQueueErrorsFromNowOn } from '../fixtures/documents-flow.js';
import { registerPing } from '../../workers/jobs/ping.server.js';
import { PING_QUEUE } from '../../platform/jobs/queues.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { databaseLayerKinds } from './db-kinds.js';

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const kinds = databaseLayerKinds();

describe.each(kinds)('jobs on %s', (kind) => {
  let db: TestDatabase;
  let boss: PgBoss;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    boss = createBoss(db);
    await boss.start();
    await registerPing(boss, db.knex);
  });
  afterAll(async () => {
    // Dropping the database ends pg-boss's pool connections with FORCE: not a failure of these tests.
    ignoreQueueErrorsFromNowOn(boss);
    await stopBoss(boss);
    await db.drop();
  });

  async function pingRecorded(nonce: string) {
    const row = await db
      .knex('app_meta')
      .where({ key: `ping:${nonce}` })
      .first();
    return row ?? undefined;
  }

  it('runs a ping job round trip', async () => {
    const nonce = randomUUID();
    const id = await boss.send(PING_QUEUE, { nonce });
    expect(id).toEqual(expect.any(String));
    const row = await waitFor(() => pingRecorded(nonce), 'the ping job');
    expect(row.value.jobId).toBe(id);
  });

  it('keeps a job sent while an unrelated transaction is open and then rolled back', async () => {
    const nonce = randomUUID();
    let sent: Promise<string | null> | undefined;
    await db.knex
      .transaction(async (trx) => {
        await trx('app_meta').insert({ key: 'doomed', value: JSON.stringify(true) });
        // Another request enqueues a job while this transaction is open; it must not join it.
        sent = boss.send(PING_QUEUE, { nonce });
        await new Promise((r) => setTimeout(r, 200));
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    const id = await sent!;
    expect(id).toEqual(expect.any(String));
    await waitFor(() => pingRecorded(nonce), 'the job sent during the rolled-back transaction');
    expect(await db.knex('app_meta').where({ key: 'doomed' }).first()).toBeUndefined();
  });

  it('enqueues inside a transaction on purpose: the job commits or rolls back with the data', async () => {
    const kept = randomUUID();
    const dropped = randomUUID();
    await db.knex.transaction(async (trx) => {
      await boss.send(PING_QUEUE, { nonce: kept }, { db: transactionalDb(trx) });
    });
    await db.knex
      .transaction(async (trx) => {
        await boss.send(PING_QUEUE, { nonce: dropped }, { db: transactionalDb(trx) });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await waitFor(() => pingRecorded(kept), 'the committed job');
    // A job sent after the rollback has run: the rolled-back one, had it been queued first, would have too.
    const after = randomUUID();
    await boss.send(PING_QUEUE, { nonce: after });
    await waitFor(() => pingRecorded(after), 'a job sent after the rolled-back one');
    expect(await pingRecorded(dropped)).toBeUndefined();
    const queued = await db.knex.raw(`select count(*)::int as n from pgboss.job where data->>'nonce' = ?`, [dropped]);
    expect(queued.rows[0].n).toBe(0);
  });
});
