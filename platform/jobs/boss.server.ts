import PgBoss from 'pg-boss';
import type { Knex } from 'knex';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../db/knex.server.js';
import { jobDuration, jobsRun, jobsSent, secondsSince } from '../observability/metrics.server.js';
import { tracing } from '../observability/telemetry.server.js';

/**
 * pg-boss over the application's database.
 *
 * On PostgreSQL pg-boss keeps its own small pool. On embedded PGlite there is exactly one session,
 * shared with knex: every pg-boss statement borrows that session through knex's pool (size 1), so it
 * waits for any open knex transaction to finish instead of running inside it. (Running inside an
 * unrelated transaction let a rollback silently drop a job; see STACK-NOTES and the test
 * `jobs-and-transactions`.) To enqueue a job as part of your own transaction, pass
 * `{ db: transactionalDb(trx) }` to `send` so it commits or rolls back with your data.
 */
/**
 * How often one process of the cluster runs pg-boss's maintenance (pg-boss lets only one do it per
 * interval): it is what notices that a job's worker died (its expiry passed) and retries the job, so a
 * crash costs the applicant the job's expiry plus up to this. The expiry check is one indexed UPDATE;
 * 30 s keeps a crashed PDF or conversion waiting about a minute and a half in all (120 s added two).
 */
export const MAINTENANCE_INTERVAL_SECONDS = 30;

/**
 * What the web side and the job handlers need of the queue: send a job, inside a transaction when the options
 * carry `db: transactionalDb(trx)`. pg-boss is one; tests that run no jobs pass a queue that only records them.
 */
export interface JobQueue {
  send(name: string, data: object, options: PgBoss.SendOptions): Promise<string | null>;
}

export function createBoss(database: Database, options: { schema?: string } = {}): PgBoss {
  const common: PgBoss.ConstructorOptions = {
    schema: options.schema ?? 'pgboss',
    // The default for queues without their own options; conversions and PDFs set 60 s per job.
    expireInSeconds: 120,
    retryLimit: 4,
    retryDelay: 2,
    retryBackoff: true,
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    archiveCompletedAfterSeconds: 3600,
  };
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ ...common, connectionString: database.connectionString!, max: 3 })
      : new PgBoss({ ...common, db: serialisedPgliteDb(database.knex) });
  return observed(boss);
}

type WorkArgs = [string, ...unknown[]];

/**
 * Every job sent and run, measured (fa_jobs_*) and, when tracing is on, traced: `send` adds the sender's trace
 * context to the job's data and each attempt runs in a span continuing it, so a submission's receipt, PDF and
 * webhook jobs sit in the trace of the request that queued them. Wrapping the one boss every process creates
 * covers every handler without touching them.
 */
export function observed(boss: PgBoss): PgBoss {
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  (boss as unknown as { send: (...args: unknown[]) => Promise<string | null> }).send = (...args: unknown[]) => {
    const [name, data] = args;
    if (typeof name === 'string') {
      jobsSent.inc({ queue: name });
      const traced = tracing();
      if (traced && data && typeof data === 'object') args[1] = traced.withTraceContext(data);
    }
    return send(...args);
  };
  const work = boss.work.bind(boss) as (...args: WorkArgs) => Promise<string>;
  (boss as unknown as { work: (...args: WorkArgs) => Promise<string> }).work = (...args: WorkArgs) => {
    const queue = args[0];
    const handler = args[args.length - 1] as (jobs: Array<{ data: unknown }>) => Promise<unknown>;
    args[args.length - 1] = async (jobs: Array<{ data: unknown }>) => {
      if (jobs.length === 0) return handler(jobs);
      const started = performance.now();
      const attempt = () => handler(jobs);
      const traced = tracing();
      try {
        const result = await (traced ? traced.runJob(queue, jobs[0]?.data, attempt) : attempt());
        jobsRun.inc({ queue, outcome: 'completed' });
        jobDuration.observe({ queue, outcome: 'completed' }, secondsSince(started));
        return result;
      } catch (err) {
        jobsRun.inc({ queue, outcome: 'failed' });
        jobDuration.observe({ queue, outcome: 'failed' }, secondsSince(started));
        throw err;
      }
    };
    return work(...args);
  };
  return boss;
}

/** Runs pg-boss SQL on the one PGlite session, borrowed from knex's pool so it never interleaves. */
export function serialisedPgliteDb(knex: Knex): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const client = knex.client as { acquireConnection(): Promise<PGlite>; releaseConnection(c: PGlite): Promise<void> };
      const session = await client.acquireConnection();
      try {
        return await runOnPglite(session, text, values);
      } finally {
        await client.releaseConnection(session);
      }
    },
  };
}

async function runOnPglite(session: PGlite, text: string, values: unknown[] | undefined) {
  if (values && values.length > 0) {
    const result = await session.query(text, values);
    return { rows: result.rows };
  }
  // pg-boss sends multi-statement scripts (its schema, maintenance) without parameters.
  const results = await session.exec(text);
  return { rows: results.at(-1)?.rows ?? [] };
}

/** A pg-boss `db` that runs inside the caller's knex transaction: the job commits or rolls back with the data. */
export function transactionalDb(trx: Knex.Transaction): PgBoss.Db {
  // A transaction's client hands out the transaction's own connection (and releasing it is a no-op).
  const client = trx.client as { acquireConnection(): Promise<any>; releaseConnection(c: unknown): Promise<void> };
  return {
    async executeSql(text, values) {
      const connection = await client.acquireConnection();
      try {
        if (typeof connection.exec === 'function') return await runOnPglite(connection as PGlite, text, values);
        const result = await connection.query(text, values ?? []);
        return { rows: result.rows };
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

/**
 * Stops fetching jobs and waits up to `boundMs` for the ones running here; pg-boss then fails any still running
 * back to their queue ("pg-boss shut down while active"), to be retried with their retries and backoff.
 */
export async function stopJobs(boss: PgBoss, boundMs: number): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: boundMs }).catch(() => undefined);
}
