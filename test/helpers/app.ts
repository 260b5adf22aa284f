import type { Express } from 'express';
import type { Logger } from 'pino';
import type PgBoss from 'pg-boss';
import Worker from 'pg-boss/src/worker.js';
import Manager from 'pg-boss/src/manager.js';
import { createApp } from '../../server/app.server.js';
import { createLogger } from '../../platform/logger.server.js';
import type { AppServices } from '../../platform/app-services.server.js';
import type { Config } from '../../platform/config.server.js';
import { randomUUID } from 'node:crypto';
import { createBoss, type JobQueue } from '../../platform/jobs/boss.server.js';
import { createQueues, registerWorkers } from '../../workers/register.server.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { createMailer } from '../../platform/mail/mailer.server.js';
import { createObjectStore } from '../../platform/storage/create-store.server.js';
import { testConfig } from './config.js';

export interface TestContext {
  app: Express;
  services: AppServices;
  /** The started pg-boss (queue 'send-only' or 'workers'); null when services.boss only records. */
  queue: PgBoss | null;
  /** What was sent to the recording queue (queue 'off'). */
  recorded: RecordedJob[];
  db: TestDatabase;
  config: Config;
  /** Moves the injectable clock used by services.now(). */
  clock: { now: Date; advance(ms: number): void; set(date: Date): void };
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Start pg-boss; `workers` also handles jobs in this process. */
  queue?: 'off' | 'send-only' | 'workers';
  logger?: Logger;
  db?: TestDatabase;
}

type Handler = (jobs: unknown[]) => Promise<unknown>;

export interface RecordedJob {
  name: string;
  data: object;
}

/** A queue for tests that run no jobs: it keeps what was sent (outside any transaction) and runs nothing. */
export function recordingQueue(recorded: RecordedJob[] = []): JobQueue {
  return {
    async send(name, data) {
      recorded.push({ name, data });
      return randomUUID();
    },
  };
}

/** Counts the job handlers running in this process, so close() can wait for them (see letWorkerLoopsEnd). */
function trackHandlers(boss: PgBoss, inFlight: Set<Promise<unknown>>): void {
  const work = boss.work.bind(boss) as (...args: unknown[]) => Promise<string>;
  (boss as unknown as { work: (...args: unknown[]) => Promise<string> }).work = (...args: unknown[]) => {
    const handler = args[args.length - 1] as Handler;
    args[args.length - 1] = (jobs: unknown[]) => {
      const running = handler(jobs);
      inFlight.add(running);
      return running.finally(() => inFlight.delete(running));
    };
    return work(...args);
  };
}

/** pg-boss's worker loops still running (its Worker class is the one pg-boss itself loads in this test file). */
const workerLoops = new Map<Worker, Promise<void>>();
/** Every worker started in this file, and those whose stop pg-boss has finished checking (removeWorker). */
const startedWorkers = new Set<Worker>();
const removedWorkers = new WeakSet<Worker>();
const startLoop = Worker.prototype.start;
Worker.prototype.start = function (this: Worker) {
  const loop = startLoop.call(this);
  startedWorkers.add(this);
  workerLoops.set(this, loop);
  loop.then(
    () => workerLoops.delete(this),
    () => workerLoops.delete(this),
  );
  return loop;
};

const removeWorker = Manager.prototype.removeWorker;
Manager.prototype.removeWorker = function (this: Manager, worker: Worker) {
  removedWorkers.add(worker);
  return removeWorker.call(this, worker);
};

/**
 * pg-boss's stop() leaves a loop that checks every second, through a lazily required node:timers/promises,
 * whether each stopping worker's loop has ended. If the test file ends first, that require runs after jest has
 * torn the module registry down and fails the next suite in the same jest worker. So: wait for the handlers
 * still running, then for the loops of the workers being stopped; once they have ended, that check ends without
 * another require (teardown hygiene, not an assertion).
 */
async function letWorkerLoopsEnd(inFlight: Set<Promise<unknown>>): Promise<void> {
  const started = Date.now();
  while (inFlight.size > 0 && Date.now() - started < 60_000)
    await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 1000))]);
  const stopping = [...workerLoops].filter(([worker]) => worker.stopping).map(([, loop]) => loop);
  let bound: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled(stopping), new Promise((r) => (bound = setTimeout(r, 30_000)))]);
  clearTimeout(bound);
  // The check itself ends by removing the stopped workers: until then it may call (and require) once more.
  const deadline = Date.now() + 5_000;
  const checked = () => [...startedWorkers].every((worker) => !worker.stopping || removedWorkers.has(worker));
  while (!checked() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (checked()) return;
  // A loop that never ended (a fetch that never came back) would keep that check polling, and requiring, after
  // the file: marked stopped, the check ends at its next look (within a second) without calling delay again.
  for (const worker of startedWorkers) if (worker.stopping && !removedWorkers.has(worker)) (worker as { stopped: boolean }).stopped = true;
  const last = Date.now() + 2_000;
  while (!checked() && Date.now() < last) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Stops a pg-boss a test started itself (not through createTestApp) and waits, as close() does, until its worker
 * loops have ended, so nothing of pg-boss runs after the file's module registry is gone.
 */
export async function stopBoss(boss: PgBoss): Promise<void> {
  await boss.stop({ graceful: false, wait: true, timeout: 5000 }).catch(() => undefined);
  await letWorkerLoopsEnd(new Set());
}

/** The real app on a fresh database, for supertest. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const config = testConfig(options.env);
  const db = options.db ?? (await createTestDatabase());
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
    set(date: Date) {
      this.now = date;
    },
  };
  const queue = options.queue ?? 'off';
  const recorded: RecordedJob[] = [];
  const boss = queue === 'off' ? null : createBoss(db);
  const logger = options.logger ?? createLogger('silent');
  const services: AppServices = {
    config,
    logger,
    db,
    boss: boss ?? recordingQueue(recorded),
    now: () => clock.now,
    mail: createMailer(config, logger),
    storage: createObjectStore(config, () => clock.now),
  };
  const inFlight = new Set<Promise<unknown>>();
  if (boss) {
    // Dropping the database at close() can make pg-boss's last poll fail: that is not a test failure.
    boss.on('error', () => undefined);
    await boss.start();
    await createQueues(boss);
    if (queue === 'workers') {
      trackHandlers(boss, inFlight);
      await registerWorkers(boss, services);
    }
  }
  const app = createApp(services);
  return {
    app,
    services,
    queue: boss,
    recorded,
    db,
    config,
    clock,
    async close() {
      await boss?.stop({ graceful: false, wait: true, timeout: 5000 }).catch(() => undefined);
      if (queue === 'workers') await letWorkerLoopsEnd(inFlight);
      await db.drop();
    },
  };
}
