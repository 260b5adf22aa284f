import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import { makeDocx } from '../fixtures/documents.js';
import { createUserWithSession, type TestUser } from '../helpers/users.js';
import {
  presign,
  startConversion,
  uploadTo,
  waitForFinalStatus,
  pollOnce,
  ignoreQueueErrorsFromNowOn,
} from '../fixtures/documents-flow.js';
import { gatedDescribe } from '../helpers/gate.js';
import { ROOT } from '../helpers/paths.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { SOFFICE_WORK_PREFIX } from '../../workers/convert/soffice.server.js';
import { CONVERT_JOB_OPTIONS } from '../../platform/jobs/queues.js';

/**
 * Fault test: the worker process dies (SIGKILL) in the middle of a docx conversion. The job must be
 * retried by another worker and end COMPLETED, and the dead worker's LibreOffice must not linger.
 * Needs PostgreSQL (embedded PGlite admits one process): locally without DATABASE_URL it reports
 * itself as not run; in CI (CI=true) a missing DATABASE_URL is a failure.
 */
const HAS_POSTGRES = Boolean(process.env.DATABASE_URL);
const describeWithPostgres = gatedDescribe(HAS_POSTGRES, 'needs DATABASE_URL (PGlite is single-process)');

function processesMentioning(needle: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle)) found.push(Number(pid));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

async function until<T>(
  what: string,
  limitMs: number,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeWithPostgres('worker killed during a docx conversion (PostgreSQL)', () => {
  let db: TestDatabase;
  let ctx: TestContext;
  let user: TestUser;
  let operator: PgBoss;
  const workers: ChildProcess[] = [];
  let output = '';

  /** `npm run worker`'s entry, started with node directly so the pid we kill is the worker itself. */
  function startWorker(): ChildProcess {
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'node', 'worker.mjs')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        NODE_ENV: 'test',
        DATABASE_URL: db.url!,
        DATA_DIR: ctx.config.dataDir,
        SESSION_SECRET: TEST_SESSION_SECRET,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    workers.push(child);
    return child;
  }

  beforeAll(async () => {
    if (!HAS_POSTGRES) throw new Error('The fault test needs DATABASE_URL (PostgreSQL); CI must provide it.');
    db = await createTestDatabase({ kind: 'postgres' });
    // The web side only sends jobs; the worker processes handle them.
    ctx = await createTestApp({ db, queue: 'send-only' });
    user = await createUserWithSession(db.knex, ctx.clock.now);
    // Any pg-boss instance runs the expiry check every maintenance interval (30 s in the app); this one
    // runs it every few seconds so the test does not wait minutes. The job's own 60 s expiry is unchanged (the test
    // moves the killed job's start back by it).
    operator = new PgBoss({ connectionString: db.url!, maintenanceIntervalSeconds: 2, monitorStateIntervalSeconds: 60, max: 1 });
    await operator.start();
  });

  afterAll(async () => {
    ignoreQueueErrorsFromNowOn(operator, ctx?.queue);
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
    await operator?.stop({ graceful: false, wait: true }).catch(() => undefined);
    await ctx?.close();
  });

  it('retries the job on another worker, ends COMPLETED and leaves no soffice behind', async () => {
    const first = startWorker();
    const presigned = await presign(ctx.app, user.cookie, 'transcript');
    expect((await uploadTo(ctx.app, presigned, await makeDocx(), 'letter.docx')).status).toBe(204);
    expect((await startConversion(ctx.app, user.cookie, 'transcript', presigned.fields.key!, 'letter.docx')).status).toBe(202);

    const jobId = await until('the conversion job', 10_000, async () => {
      const { rows } = await db.knex.raw("select id from pgboss.job where name = 'convert-document' and data->>'fileKey' = ?", [
        presigned.fields.key!,
      ]);
      return rows[0]?.id as string | undefined;
    });
    // Each job's LibreOffice runs with a scratch folder named after the job id (profile, input, output).
    const marker = `${SOFFICE_WORK_PREFIX}${jobId}-`;

    // Wait until LibreOffice is converting for this job, then kill the worker outright.
    await until('soffice to start', 60_000, () => processesMentioning(marker).length > 0);
    expect((await pollOnce(ctx.app, user.cookie, 'transcript')).body.status).toBe('IN_PROGRESS');
    first.kill('SIGKILL');
    await until('the worker to die', 10_000, () => first.signalCode === 'SIGKILL');

    // The guard kills the process group when the worker's pipe closes.
    await until('soffice to go away', 15_000, () => processesMentioning(marker).length === 0);

    // The job carries the app's expiry; rather than wait it out (60 s), move its start back by that expiry, as if
    // the time had passed: pg-boss's own expiry check (the operator's maintenance) then retries it.
    const { rows: expiry } = await db.knex.raw(
      "select extract(epoch from expire_in)::int as seconds from pgboss.job where id = ? and state = 'active'",
      [jobId],
    );
    expect(expiry).toEqual([{ seconds: CONVERT_JOB_OPTIONS.expireInSeconds }]);
    await db.knex.raw("update pgboss.job set started_on = started_on - expire_in where id = ? and state = 'active'", [jobId]);

    startWorker();
    const final = await waitForFinalStatus(ctx.app, user.cookie, 'transcript', 240_000);
    expect(final.status).toBe('COMPLETED');
    const row = await db.knex('document_answers').where({ user_id: user.id, answer_key: 'transcript' }).first();
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    const { rows } = await db.knex.raw(
      'select retry_count from pgboss.job where id = ? union all select retry_count from pgboss.archive where id = ?',
      [jobId, jobId],
    );
    expect(rows[0].retry_count).toBeGreaterThanOrEqual(1);
    expect(processesMentioning(marker)).toEqual([]);
  }, 300_000);
});
