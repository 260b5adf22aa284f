/**
 * The load test (`npm run load -- --applicants N`, test/load/run.ts): N simulated applicants, arriving one after another, each sign up
 * (code read from a real SMTP receiver), confirm, log in, fill and save the three pages, upload a
 * transcript, submit and download their PDF, through the HTTP API with a person's pauses. The server
 * runs as `npm start` does (its own process, production build), with separate `npm run worker`
 * processes on PostgreSQL; `--web N` starts N web processes on N ports, and every applicant's requests
 * go to each in turn (no sticky sessions), so a run completes only if no process holds state of its own. Prints completed journeys, errors by step and p50/p95 per step, then checks
 * in the database that every acknowledged submission is there with one PDF.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../helpers/server.js';
import { startSmtpReceiver } from '../helpers/smtp.js';
import { waitForLookupData } from '../helpers/lookup-data.js';
import { TEST_TMP } from '../helpers/paths.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { StepError } from './client.js';
import { runJourney, type JourneyContext } from './journey.js';
import { StepStats } from './stats.js';
import { createLoadDatabase, startWorker, stopGroup } from './processes.js';
import { documentKind, sampleDocuments } from './documents.js';
import { LoadUsageError, type LoadOptions } from './options.js';
import { verifyStored } from './verify.js';

export interface LoadResult {
  date: string;
  machine: { cores: number; cpu: string; memoryGiB: number };
  database: 'postgresql' | 'pglite';
  options: LoadOptions;
  seconds: number;
  completed: number;
  /** Failed journeys by the step they failed at, then by message. */
  errors: Record<string, Record<string, number>>;
  steps: Array<{ step: string; count: number; p50: number; p95: number; max: number }>;
  stored: Awaited<ReturnType<typeof verifyStored>> | null;
  serverErrorLines: string[];
  /** Requests each web process logged (--web N spreads every applicant's requests over all N). */
  requestsByWebProcess: number[];
  serverLog: string;
  profiles: string | null;
  /** Every journey completed, the database holds every submission with its PDF, and the server logged no error. */
  ok: boolean;
}

export async function runLoad(options: LoadOptions, log: (line: string) => void = console.log): Promise<LoadResult> {
  options = { ...options };
  const adminUrl = process.env.DATABASE_URL;
  if (options.web > 1 && !adminUrl) {
    throw new LoadUsageError(
      `--web ${options.web} needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres). ` +
        'The embedded database lives inside one web process, so a second could not share it.',
    );
  }
  const database = adminUrl ? await createLoadDatabase(adminUrl) : null;
  if (!database) options.workers = 0; // PGlite lives inside the web process: jobs run there too.
  mkdirSync(TEST_TMP, { recursive: true });
  const dataDir = mkdtempSync(join(TEST_TMP, 'load-'));
  const smtp = await startSmtpReceiver();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    SMTP_URL: smtp.url,
    // Several web processes never run jobs: that is the workers' part (and with --workers 0 the first runs them).
    WORKER: options.workers > 0 ? 'off' : 'inline',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const servers: RunningServer[] = [];
  const workers: ChildProcess[] = [];
  const runId = Date.now().toString(36);
  const stats = new StepStats();
  try {
    const nodeArgs = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(dataDir, 'profiles')}`] : [];
    // One after another: the first migrates the database and seeds the lookup data, the others find it done.
    // They share DATA_DIR (the embedded object store's files) and SESSION_SECRET, as replicas share a volume.
    servers.push(await startServer({ dataDir, env, nodeArgs }));
    const first = servers[0]!;
    const workerEnv = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/root',
      DATA_DIR: dataDir,
      SESSION_SECRET: TEST_SESSION_SECRET,
      PUBLIC_URL: first.url,
      LOG_LEVEL: 'info',
      ...env,
    };
    for (let i = 0; i < options.workers; i++) workers.push(startWorker(workerEnv, nodeArgs, join(dataDir, `worker-${i + 1}.log`)));
    await waitForLookupData(first.url);
    for (let i = 1; i < options.web; i++) servers.push(await startServer({ dataDir, env: { ...env, WORKER: 'off' }, nodeArgs }));
    const baseUrls = servers.map((s) => s.url);

    const codes = (username: string) =>
      smtp
        .waitFor((mail) => mail.to.includes(username) && /confirmation code/i.test(mail.subject), 60_000)
        .then((mail) => {
          const code = /confirmation code is: (\S+)/.exec(mail.text)?.[1];
          if (!code) throw new Error('no code in the e-mail');
          return code;
        });
    const documents = await sampleDocuments();

    log(
      `Load: ${options.applicants} applicants arriving ${options.arrivalsPerSecond}/s, pauses ≈${options.thinkMs} ms between steps; ` +
        `${cpus().length} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GiB; database ${database ? 'PostgreSQL' : 'PGlite (embedded)'}; ` +
        `${options.web} web process(es)${options.web > 1 ? " (each applicant's requests go to each in turn)" : ''}; ` +
        `${options.workers > 0 ? `${options.workers} separate worker process(es)` : 'jobs inside the web process'}; object store: embedded`,
    );
    const started = performance.now();
    let completed = 0;
    let finished = 0;
    const progress = setInterval(() => {
      log(
        `  ${Math.round((performance.now() - started) / 1000)} s: ${finished}/${options.applicants} journeys ended, ${completed} completed, ${stats.errorCount()} errors`,
      );
    }, 15_000);
    const journeys = Array.from({ length: options.applicants }, async (_, index) => {
      await new Promise((r) => setTimeout(r, (index * 1000) / options.arrivalsPerSecond));
      const ctx: JourneyContext = {
        baseUrl: baseUrls,
        recorder: stats,
        pacing: { thinkMs: options.thinkMs },
        codeFor: codes,
        document: documents[documentKind(index)],
        patienceMs: options.patienceSeconds * 1000,
      };
      try {
        await runJourney(ctx, index, runId);
        completed++;
      } catch (err) {
        if (err instanceof StepError) stats.fail(err.step, err.message);
        else stats.fail('unexpected', (err as Error).stack ?? String(err));
      } finally {
        finished++;
      }
    });
    await Promise.all(journeys);
    clearInterval(progress);
    const seconds = Math.round((performance.now() - started) / 100) / 10;

    const stored = database ? await verifyStored(database.url, runId) : null;
    const serverErrors = servers.flatMap((s) =>
      s
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line)),
    );
    const serverLogs = servers.map((s, i) => {
      const path = join(dataDir, i === 0 ? 'server.log' : `server-${i + 1}.log`);
      writeFileSync(path, s.output());
      return path;
    });
    const storedOk =
      !stored ||
      (stored.submitted === completed && stored.pdfsCompleted >= completed && stored.documentsPending === 0 && stored.pdfsPending === 0);
    return {
      date: new Date().toISOString(),
      machine: { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30) },
      database: database ? 'postgresql' : 'pglite',
      options,
      seconds,
      completed,
      errors: Object.fromEntries([...stats.errors].map(([step, m]) => [step, Object.fromEntries(m)])),
      steps: stats.rows(),
      stored,
      serverErrorLines: serverErrors.slice(0, 20),
      requestsByWebProcess: servers.map(
        (s) =>
          s
            .output()
            .split('\n')
            .filter((line) => line.includes('"msg":"request completed"')).length,
      ),
      serverLog: serverLogs.join(', '),
      profiles: options.profile ? join(dataDir, 'profiles') : null,
      ok: completed === options.applicants && storedOk && serverErrors.length === 0,
    };
  } finally {
    await Promise.all(workers.map(stopGroup));
    await Promise.all(servers.map((s) => s.stop()));
    await smtp.close();
    if (database && !options.keepDatabase) await database.drop();
  }
}
