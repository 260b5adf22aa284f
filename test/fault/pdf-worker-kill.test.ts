import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { describeE2E } from '../helpers/browser.js';
import { startServer, type RunningServer } from '../helpers/server.js';
import { createUserWithSession, type TestUser } from '../helpers/users.js';
import { gatedDescribe } from '../helpers/gate.js';
import { ROOT, TEST_TMP } from '../helpers/paths.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { applicationPdfKey } from '../../workers/jobs/render-application-pdf.server.js';
import { APPLICATION_PDF_QUEUE, PDF_JOB_OPTIONS } from '../../platform/jobs/queues.js';
import { ignoreQueueErrorsFromNowOn } from '../fixtures/documents-flow.js';

/**
 * Fault test: applicants submit, and the worker process (`node dist/node/worker.mjs`, as `npm run worker` runs it) is SIGKILLed,
 * its whole process group, while it renders their PDFs in Chromium. A new worker must finish every job
 * (the one cut short is retried after its expiry, by the app's own pg-boss settings) with exactly one
 * COMPLETED PDF per applicant, and the dead worker's Chromium must not linger. Needs PostgreSQL (two
 * processes share the queue): locally without DATABASE_URL it reports itself as not run; CI must have it.
 */
const HAS_POSTGRES = Boolean(process.env.DATABASE_URL);
const describeWithPostgres = HAS_POSTGRES ? describeE2E : gatedDescribe(false, 'needs DATABASE_URL (PGlite is single-process)');

/**
 * Enough applications that a finished PDF and a render in progress overlap for seconds: warm renders take a few
 * hundred ms, and on a busy CI machine one look (the /proc walk) can take over a second; with five the whole
 * overlap was once missed.
 */
const APPLICANTS = 12;
/** Every process a worker starts inherits its environment: this variable names the worker's tree. */
const MARK = 'FA_FAULT_WORKER';

/** Live processes (not zombies) whose environment carries MARK=tag: the worker and all it started. */
function processesOf(tag: string): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`${MARK}=${tag}`)) continue;
      if (/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'latin1'))) continue;
      found.push({ pid: Number(pid), command: readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0')[0] ?? '' });
    } catch {
      // exited meanwhile, or not ours to read
    }
  }
  return found;
}

function killAll(tag: string): number {
  const left = processesOf(tag);
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  return left.length;
}

let output = '';

async function until<T>(
  what: string,
  limitMs: number,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the workers said:\n${output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeWithPostgres('worker killed while rendering application PDFs (PostgreSQL)', () => {
  let db: TestDatabase;
  let server: RunningServer;
  let dataDir: string;
  let users: TestUser[];
  let operator: PgBoss;
  const workers: Array<{ child: ChildProcess; tag: string }> = [];

  /** `npm run worker`'s built worker (dist/node/worker.mjs) leading its own process group, so one kill reaches it all. */
  function startWorker(): { child: ChildProcess; tag: string } {
    const tag = randomBytes(6).toString('hex');
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'node', 'worker.mjs')], {
      cwd: ROOT,
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        NODE_ENV: 'test',
        DATABASE_URL: db.url!,
        DATA_DIR: dataDir,
        SESSION_SECRET: TEST_SESSION_SECRET,
        // The renderer opens the staff view of the web process.
        PUBLIC_URL: server.url,
        LOG_LEVEL: 'info',
        [MARK]: tag,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const worker = { child, tag };
    workers.push(worker);
    return worker;
  }

  const pdfRows = async () =>
    (await db
      .knex('application_pdfs')
      .whereIn(
        'user_id',
        users.map((u) => u.id),
      )
      .select('user_id', 'status', 'generation', 'output_key')) as Array<{
      user_id: string;
      status: string;
      generation: number;
      output_key: string | null;
    }>;

  beforeAll(async () => {
    if (!HAS_POSTGRES) throw new Error('The fault test needs DATABASE_URL (PostgreSQL); CI must provide it.');
    db = await createTestDatabase({ kind: 'postgres' });
    dataDir = mkdtempSync(join(TEST_TMP, 'fault-pdf-'));
    // The web process only queues renders; the worker processes make them. Both use $DATA_DIR/objects.
    server = await startServer({ dataDir, env: { DATABASE_URL: db.url!, WORKER: 'off', LOG_LEVEL: 'warn' } });
    users = [];
    for (let i = 0; i < APPLICANTS; i++) users.push(await createUserWithSession(db.knex, new Date()));
    // Any pg-boss instance runs the expiry check every maintenance interval (30 s in the app); this one runs it
    // every 2 s so the test does not wait out the interval (as in worker-kill.test.ts).
    operator = new PgBoss({ connectionString: db.url!, maintenanceIntervalSeconds: 2, monitorStateIntervalSeconds: 60, max: 1 });
    await operator.start();
  }, 180_000);

  afterAll(async () => {
    ignoreQueueErrorsFromNowOn(operator);
    await operator?.stop({ graceful: false, wait: true }).catch(() => undefined);
    for (const { child } of workers) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    // Whatever outlived its worker (the test fails on it; this only keeps the machine clean).
    for (const { tag } of workers) killAll(tag);
    await server?.stop();
    await db?.drop();
  });

  it('retries the render cut short, ends with one COMPLETED PDF per applicant, leaves no Chromium behind', async () => {
    const send = (user: TestUser, method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { cookie: user.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    for (const user of users) {
      expect((await send(user, 'PUT', '/api/answer', COMPLETE_ANSWERS)).status).toBe(200);
      expect((await send(user, 'POST', '/api/submit')).status).toBe(200);
    }
    expect((await pdfRows()).map((r) => r.status)).toEqual(users.map(() => 'UNPROCESSED'));

    // Kill the first worker once it has finished a PDF and is in the middle of the next, Chromium running. The
    // slow looks first (the /proc walk takes tens of milliseconds) and pg-boss's own word last, the kill at once
    // after it: a warm render is a quarter of a second, and the last one could end between a look and the kill.
    const first = startWorker();
    await until('a finished PDF and a render in progress', 120_000, async () => {
      if (!processesOf(first.tag).some((p) => /chrom/.test(p.command))) return false;
      const statuses = (await pdfRows()).map((r) => r.status);
      if (!statuses.includes('COMPLETED') || !statuses.includes('IN_PROGRESS')) return false;
      const active = await db.knex.raw("select 1 from pgboss.job where name = ? and state = 'active' limit 1", [APPLICATION_PDF_QUEUE]);
      return (active as { rows: unknown[] }).rows.length > 0;
    });
    process.kill(-first.child.pid!, 'SIGKILL');
    await until('the worker to die', 10_000, () => first.child.exitCode !== null || first.child.signalCode !== null);
    // What the kill cut short: a job pg-boss still holds active. Its render was usually mid-way (row
    // IN_PROGRESS); in a narrow window it had finished the PDF but not yet told pg-boss. Both must retry.
    const activeJobs = (
      await db.knex.raw("select id, data->>'userId' as user_id from pgboss.job where name = ? and state = 'active'", [
        APPLICATION_PDF_QUEUE,
      ])
    ).rows as Array<{ id: string; user_id: string }>;
    const atKill = await pdfRows();
    const cutShort = activeJobs.map((j) => `${j.id.slice(0, 8)} (${atKill.find((r) => r.user_id === j.user_id)?.status})`);
    const completedBefore = atKill.filter((r) => r.status === 'COMPLETED').map((r) => r.user_id);
    expect(activeJobs.length).toBeGreaterThanOrEqual(1);

    // Chromium is not in the worker's group (Playwright starts it in its own): it quits by itself when
    // its pipe to the dead worker closes. Nothing of the first worker may remain.
    await until('the dead worker’s Chromium to quit', 30_000, () => processesOf(first.tag).length === 0);

    // The cut-short job carries the app's expiry; rather than wait it out (60 s), move its start back by that
    // expiry, as if the time had passed: pg-boss's own expiry check (the operator's maintenance) then retries it.
    const expiries = (
      await db.knex.raw("select extract(epoch from expire_in)::int as seconds from pgboss.job where name = ? and state = 'active'", [
        APPLICATION_PDF_QUEUE,
      ])
    ).rows as Array<{ seconds: number }>;
    expect(expiries.map((e) => e.seconds)).toEqual(activeJobs.map(() => PDF_JOB_OPTIONS.expireInSeconds));
    await db.knex.raw("update pgboss.job set started_on = started_on - expire_in where name = ? and state = 'active'", [
      APPLICATION_PDF_QUEUE,
    ]);

    const second = startWorker();
    const jobStates = async () =>
      (await db.knex.raw('select id, state, retry_count from pgboss.job where name = ?', [APPLICATION_PDF_QUEUE])).rows as Array<{
        id: string;
        state: string;
        retry_count: number;
      }>;
    await until('every PDF and every job to complete', 300_000, async () => {
      const statuses = (await pdfRows()).map((r) => r.status);
      if (statuses.includes('FAILED'))
        throw new Error(`a PDF ended FAILED instead of being retried: ${statuses.join(', ')}\n${output.slice(-4000)}`);
      return statuses.every((s) => s === 'COMPLETED') && (await jobStates()).every((j) => j.state === 'completed');
    });

    const rows = await pdfRows();
    // One rendering per applicant: nobody's PDF was requested again, and each points at its one object.
    for (const user of users) {
      const row = rows.find((r) => r.user_id === user.id)!;
      expect(row).toMatchObject({ status: 'COMPLETED', generation: 1, output_key: applicationPdfKey(user.id, 1) });
      // A write the kill cut short can leave its `.tmp-…` file (the store writes to a temporary name and renames):
      // it is never an object, and exactly one application PDF must exist.
      const objects = readdirSync(join(dataDir, 'objects', 'users', user.id, 'application')).filter((name) => !name.startsWith('.tmp-'));
      expect(objects).toEqual(['application-1.pdf']);
    }
    // The killed job was retried and completed; no job is left active or waiting.
    const jobs = await jobStates();
    expect(jobs.map((j) => j.state)).toEqual(users.map(() => 'completed'));
    for (const { id } of activeJobs) expect(jobs.find((j) => j.id === id)!.retry_count).toBeGreaterThanOrEqual(1);

    // The applicant gets the PDF.
    for (const user of users) {
      const pdf = (await (await send(user, 'GET', '/api/pdf')).json()) as { status: string; url: string };
      expect(pdf.status).toBe('COMPLETED');
      const download = await fetch(new URL(pdf.url, server.url));
      expect(download.status).toBe(200);
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    }
    expect(processesOf(first.tag)).toEqual([]);
    expect(second.child.exitCode).toBeNull();
    console.log(
      `fault pdf-worker-kill: killed with ${completedBefore.length} PDF(s) done, job(s) cut short: ${cutShort.join(', ')}; all ${users.length} COMPLETED after the retry`,
    );
  }, 480_000);
});
