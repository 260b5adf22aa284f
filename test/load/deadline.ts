/**
 * `npm run load -- --scenario deadline --submissions N --seconds S [--web P] [--workers W] [--nginx]`: the last
 * minute before a deadline. N applicants whose applications are complete (made in the database: test/load/seed.ts)
 * submit within S seconds, on PostgreSQL, through nginx (ops/nginx/freshman-application.conf) or straight to the
 * web processes in turn; then every PDF must be stored and every receipt, with its PDF, reach the SMTP receiver.
 * Meanwhile a logged-in page is fetched a few times a second to see what the PDF work leaves the web processes.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { startServer, freePort, type RunningServer } from '../helpers/server.js';
import { ROOT, TEST_TMP } from '../helpers/paths.js';
import { pathToFileURL } from 'node:url';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { waitForLookupData } from '../helpers/lookup-data.js';
import { createLoadDatabase, startWorker, stopGroup } from './processes.js';
import { startNginx, type RunningNginx } from './nginx.js';
import { startReceiptSink } from './mail-sink.js';
import { seedCompleteApplicants } from './seed.js';
import { probeLoggedInPage, submitBurst, type Timed } from './burst.js';
import { drainCounts, waitForDrain, type DrainCounts } from './drain.js';
import { percentile } from './stats.js';
import { cpuByCommand, treeCpuSeconds } from './cpu.js';
import { LoadUsageError, type LoadOptions } from './options.js';

/** Applicants fetching a logged-in page during the run (besides the N who submit). */
const PROBE_APPLICANTS = 20;
const PROBE_PER_SECOND = 5;
/** The lead-in's rate: Common App's last ten minutes before 1 January averaged 13.6 submissions a second (issue 40). */
const LEAD_IN_PER_SECOND = 13.6;

export interface DeadlineResult {
  date: string;
  machine: { cores: number; cpu: string; memoryGiB: number; loadAverageBefore: number[]; loadAverageAfter: number[] };
  options: LoadOptions;
  accepted: number;
  /** The submissions before the measured burst (options.leadInSeconds), not counted in its figures but stored and drained with them. */
  leadIn: { submissions: number; accepted: number; p95: number };
  errors: Record<string, number>;
  submit: { p50: number; p95: number; max: number };
  /** The submit's p95 (ms) by 10 s of the burst, in order: where in the minute the slow ones were. */
  submitP95By10s: number[];
  /** Seconds from the first submit. */
  lastPdfSeconds: number | null;
  lastReceiptSeconds: number | null;
  /** The last receipt's arrival minus the last PDF's storing (receipts keeping pace with PDFs). */
  receiptLagSeconds: number | null;
  pdfsPerSecond: number | null;
  /** GET /about p95 (ms) while submissions arrived, and after them until the last receipt (the drain). */
  page: { burstP95: number; drainP95: number; drainCount: number; failures: number };
  /** CPU seconds from the first submit to the last receipt: web processes, workers with Chromium and merges (test/load/cpu.ts). */
  cpu: {
    webSeconds: number | null;
    workerSeconds: number | null;
    workerMsPerPdf: number | null;
    webMsPerSubmission: number | null;
    /** The workers' CPU seconds by process name (node, chromium's processes): where a PDF's CPU goes. */
    workerByCommand: Record<string, number>;
  };
  stored: DrainCounts & { pdfObjects: number; receiptsReceived: number; receiptsWithPdf: number; duplicateReceipts: number };
  serverErrorLines: string[];
  logs: string;
  ok: boolean;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Deadline night: the round closes at the end of tomorrow, so every submit checks the deadline as it would that
 * night (its own extensions read too), and the application is stored under the round. The cycle is pinned to
 * the one tomorrow falls in (docs/admission-cycle.md: August to December close in the fall year − 1).
 */
export function deadlineNightSettings(now = new Date()): { DEADLINES: string; ADMISSION_CYCLE: string } {
  const tomorrow = new Date(now.getTime() + 24 * 3600_000);
  const month = tomorrow.getUTCMonth() + 1;
  const fall = month >= 8 ? tomorrow.getUTCFullYear() + 1 : tomorrow.getUTCFullYear();
  const day = `${String(month).padStart(2, '0')}-${String(tomorrow.getUTCDate()).padStart(2, '0')}`;
  return { DEADLINES: `regular=${day}`, ADMISSION_CYCLE: `${fall - 1}-${String(fall % 100).padStart(2, '0')}` };
}
const p95Of = (samples: Timed[]) =>
  percentile(
    samples.map((s) => s.ms).sort((a, b) => a - b),
    95,
  );

export async function runDeadline(
  options: LoadOptions,
  log: (line: string) => void = console.log,
  // Unset: this machine's PostgreSQL, as `npm test` looks for it (TEST_POSTGRES_URL; docs/operations.md).
  adminUrl = process.env.DATABASE_URL ?? process.env.TEST_POSTGRES_URL ?? LOCAL_POSTGRES,
): Promise<DeadlineResult> {
  if (options.workers < 1)
    throw new LoadUsageError('--scenario deadline needs --workers 1 or more (the PDFs and receipts are their work).');
  const loadAverageBefore = loadavg().map(round1);
  const database = await createLoadDatabase(adminUrl).catch((err: Error) => {
    throw new LoadUsageError(
      `--scenario deadline needs PostgreSQL: ${adminUrl.replace(/\/\/[^@/]*@/, '//…@')} answered "${err.message}". Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).`,
    );
  });
  mkdirSync(TEST_TMP, { recursive: true });
  const dataDir = mkdtempSync(join(TEST_TMP, 'deadline-'));
  const sink = await startReceiptSink(/your Freshman Application FA-/);
  const runId = Date.now().toString(36);
  const nginxPort = options.nginx ? await freePort() : null;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    SMTP_URL: sink.url,
    WORKER: 'off',
    DATABASE_URL: database.url,
    ...deadlineNightSettings(),
    // Behind nginx the public address is nginx's: the Origin check and the PDF renderer's print view use it.
    ...(nginxPort ? { PUBLIC_URL: `http://127.0.0.1:${nginxPort}` } : {}),
  };
  // The web processes run dist/node/start.mjs through a file of this run's own name: on a machine shared with
  // other test runs, a clean-up that stops servers by their command line then leaves this run's alone.
  const entryFor = (script: string) => {
    const path = join(dataDir, `deadline-${script}-${runId}.mjs`);
    writeFileSync(path, `await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'node', `${script}.mjs`)).href)});\n`);
    return path;
  };
  const entry = entryFor('start');
  // --profile: V8 CPU profiles of the web processes and workers (open in Chrome DevTools) in DATA_DIR/profiles.
  const nodeArgs = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(dataDir, 'profiles')}`] : [];
  const servers: RunningServer[] = [];
  const workers: ChildProcess[] = [];
  let nginx: RunningNginx | null = null;
  try {
    servers.push(await startServer({ dataDir, env, entry, nodeArgs }));
    await waitForLookupData(servers[0]!.url);
    for (let i = 1; i < options.web; i++) servers.push(await startServer({ dataDir, env, entry, nodeArgs }));
    if (nginxPort)
      nginx = await startNginx(
        servers.map((s) => s.port),
        dataDir,
        nginxPort,
      );
    const baseUrls = nginx ? [nginx.url] : servers.map((s) => s.url);
    const workerEnv = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      DATA_DIR: dataDir,
      SESSION_SECRET: TEST_SESSION_SECRET,
      PUBLIC_URL: baseUrls[0]!,
      ...env,
    };
    for (let i = 0; i < options.workers; i++)
      workers.push(startWorker(workerEnv, nodeArgs, join(dataDir, `worker-${i + 1}.log`), entryFor('worker')));

    const leadInCount = Math.round(options.leadInSeconds * LEAD_IN_PER_SECOND);
    const seedStarted = performance.now();
    const applicants = await seedCompleteApplicants(
      database.url,
      runId,
      leadInCount + options.submissions + PROBE_APPLICANTS,
      async (cookie, answers) => {
        const res = await fetch(`${baseUrls[0]!}/api/answer`, {
          method: 'PUT',
          headers: { cookie, 'content-type': 'application/json', origin: baseUrls[0]!, accept: 'application/json' },
          body: JSON.stringify(answers),
        });
        if (!res.ok) throw new Error(`the template's answers were refused: ${res.status} ${await res.text()}`);
      },
    );
    const leadIns = applicants.slice(0, leadInCount);
    const submitters = applicants.slice(leadInCount, leadInCount + options.submissions);
    const probers = applicants.slice(leadInCount + options.submissions);
    log(
      `Deadline: ${options.submissions} complete applications submitted within ${options.seconds} s (made in ${round1((performance.now() - seedStarted) / 1000)} s); ` +
        `${cpus().length} cores (${cpus()[0]?.model}), load average ${loadAverageBefore.join(' ')}; PostgreSQL; ${options.web} web process(es)` +
        `${nginx ? ' behind nginx' : ', requests to each in turn'}; ${options.workers} worker process(es); object store: embedded`,
    );

    const pids = { web: servers.map((s) => s.process.pid!), workers: workers.map((w) => w.pid!) };
    const cpuBefore = treeCpuSeconds([...pids.web, ...pids.workers]);
    const workerCpuBefore = cpuByCommand(pids.workers);
    const leadIn = leadInCount > 0 ? await submitBurst(leadIns, baseUrls, options.leadInSeconds, performance.now()) : null;
    if (leadIn)
      log(
        `  lead-in: ${leadIn.accepted} of ${leadInCount} accepted over ${options.leadInSeconds} s (${LEAD_IN_PER_SECOND}/s, the record's last ten minutes), p95 ${p95Of(leadIn.submits)} ms`,
      );
    const started = performance.now();
    const startedWall = Date.now();
    const probe = probeLoggedInPage(probers, baseUrls, PROBE_PER_SECOND, started);
    const progress = setInterval(() => {
      void drainCounts(database.url, runId).then((c) =>
        log(
          `  ${Math.round((performance.now() - started) / 1000)} s: ${c.submitted} submitted, ${c.pdfsCompleted} PDFs, ${c.receiptsSent} receipts sent`,
        ),
      );
    }, 15_000);
    const burst = await submitBurst(submitters, baseUrls, options.seconds, started);
    log(`  burst over after ${round1((performance.now() - started) / 1000)} s: ${burst.accepted} accepted`);
    const burstEnd = performance.now() - started;
    await waitForDrain((leadIn?.accepted ?? 0) + burst.accepted, () => sink.counts().receipts, options.patienceSeconds * 1000);
    clearInterval(progress);
    const cpuAfter = treeCpuSeconds([...pids.web, ...pids.workers]);
    const workerCpuAfter = cpuByCommand(pids.workers);
    const { samples, failures } = await probe.stop();
    const stored = await drainCounts(database.url, runId);
    const pdfObjects = stored.pdfKeys.filter((key) => existsSync(join(dataDir, 'objects', ...key.split('/')))).length;
    const sinkCounts = sink.counts();
    const lastReceipt = sink.lastAt();
    const lastPdfSeconds = stored.lastPdfAt ? (stored.lastPdfAt.getTime() - startedWall) / 1000 : null;
    const lastReceiptSeconds = lastReceipt !== null ? (lastReceipt - started) / 1000 : null;
    const pdfSpan = stored.firstPdfAt && stored.lastPdfAt ? (stored.lastPdfAt.getTime() - stored.firstPdfAt.getTime()) / 1000 : 0;
    const drainEnd = (lastReceiptSeconds ?? Infinity) * 1000;
    const drainSamples = samples.filter((s) => s.at >= burstEnd && s.at <= drainEnd);
    const times = burst.submits.map((s) => s.ms).sort((a, b) => a - b);
    const serverErrorLines = servers.flatMap((s) => s.output().split('\n')).filter((line) => /"level":(50|60)/.test(line));
    const logs = servers.map((s, i) => {
      const path = join(dataDir, `server-${i + 1}.log`);
      writeFileSync(path, s.output());
      return path;
    });
    const n = options.submissions;
    // Stored and drained: the lead-in's too.
    const total = n + leadInCount;
    const errors = { ...burst.errors };
    for (const [message, count] of Object.entries(leadIn?.errors ?? {})) errors[`lead-in: ${message}`] = count;
    const used = cpuAfter.map((after, i) => (after === null || cpuBefore[i] === null ? null : after - cpuBefore[i]!));
    const sum = (list: Array<number | null>) => (list.some((x) => x === null) ? null : round1(list.reduce<number>((a, b) => a + b!, 0)));
    const webSeconds = sum(used.slice(0, pids.web.length));
    const workerSeconds = sum(used.slice(pids.web.length));
    const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
    return {
      date: new Date().toISOString(),
      machine: {
        cores: cpus().length,
        cpu: cpus()[0]?.model ?? 'unknown',
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        loadAverageBefore,
        loadAverageAfter: loadavg().map(round1),
      },
      options,
      accepted: burst.accepted,
      leadIn: { submissions: leadInCount, accepted: leadIn?.accepted ?? 0, p95: leadIn ? p95Of(leadIn.submits) : 0 },
      errors,
      submit: { p50: percentile(times, 50), p95: percentile(times, 95), max: percentile(times, 100) },
      submitP95By10s: Array.from({ length: Math.ceil(options.seconds / 10) }, (_, w) =>
        p95Of(burst.submits.filter((s) => s.at >= w * 10_000 && s.at < (w + 1) * 10_000)),
      ),
      lastPdfSeconds: lastPdfSeconds === null ? null : round1(lastPdfSeconds),
      lastReceiptSeconds: lastReceiptSeconds === null ? null : round1(lastReceiptSeconds),
      receiptLagSeconds: lastPdfSeconds !== null && lastReceiptSeconds !== null ? round1(lastReceiptSeconds - lastPdfSeconds) : null,
      pdfsPerSecond: pdfSpan > 0 ? round1(stored.pdfsCompleted / pdfSpan) : null,
      page: {
        burstP95: p95Of(samples.filter((s) => s.at < burstEnd)),
        drainP95: p95Of(drainSamples),
        drainCount: drainSamples.length,
        failures,
      },
      cpu: {
        webSeconds,
        workerSeconds,
        workerMsPerPdf:
          workerSeconds !== null && stored.pdfsCompleted > 0 ? Math.round((workerSeconds * 1000) / stored.pdfsCompleted) : null,
        webMsPerSubmission: webSeconds !== null && total > 0 ? Math.round((webSeconds * 1000) / total) : null,
        workerByCommand: Object.fromEntries(
          Object.entries(workerCpuAfter).map(([command, after]) => [command, round1(after - (workerCpuBefore[command] ?? 0))]),
        ),
      },
      stored: {
        ...stored,
        pdfKeys: [],
        pdfObjects,
        receiptsReceived: sinkCounts.receipts,
        receiptsWithPdf: sinkCounts.withPdf,
        duplicateReceipts: sinkCounts.duplicates,
      },
      serverErrorLines: serverErrorLines.slice(0, 20),
      logs: [...logs, ...workers.map((_, i) => join(dataDir, `worker-${i + 1}.log`))].join(', '),
      ok:
        burst.accepted === n &&
        (leadIn?.accepted ?? 0) === leadInCount &&
        errorCount === 0 &&
        stored.submitted === total &&
        stored.underRound === total &&
        stored.pdfsCompleted === total &&
        pdfObjects === total &&
        stored.receiptsSent === total &&
        sinkCounts.withPdf === total &&
        sinkCounts.duplicates === 0 &&
        serverErrorLines.length === 0,
    };
  } finally {
    await Promise.all(workers.map(stopGroup));
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await sink.close();
    if (!options.keepDatabase) await database.drop();
  }
}
