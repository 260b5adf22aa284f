import type { Express } from 'express';
import type { Logger } from 'pino';
import type PgBoss from 'pg-boss';
import { createApp } from '../../server/app.server.js';
import { createLogger } from '../../server/logger.server.js';
import type { AppServices } from '../../server/services.server.js';
import type { Config } from '../../server/config.server.js';
import { createBoss } from '../../workers/boss.server.js';
import { createQueues, registerWorkers } from '../../workers/register.server.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { createMailer } from '../../server/mail/mailer.server.js';
import { createObjectStore } from '../../server/storage/create-store.server.js';
import { enqueueApplicationPdf } from '../../server/pdf/routes.server.js';
import { queueSubmissionReceipt } from '../../server/receipts/receipts.server.js';
import { recordSubmissionEvent } from '../../server/integration/webhook-outbox.server.js';
import { openChecklistAtSubmission } from '../../server/after-submission/checklist.server.js';
import { testConfig } from './config.js';

export interface TestContext {
  app: Express;
  services: AppServices;
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

/**
 * pg-boss's stop() leaves a loop that checks every second, through a lazily required node:timers/promises,
 * whether each worker's current job has ended. If the test file ends first, that require runs after jest has
 * torn the module registry down and fails the next suite in the same jest worker. So: wait for the handlers
 * still running, then for the loop's last one-second check (teardown hygiene, not an assertion).
 */
async function letWorkerLoopsEnd(inFlight: Set<Promise<unknown>>): Promise<void> {
  const started = Date.now();
  while (inFlight.size > 0 && Date.now() - started < 60_000) await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 1000))]);
  await new Promise((r) => setTimeout(r, 1100));
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
  const services: AppServices = {
    config,
    logger: options.logger ?? createLogger('silent'),
    db,
    boss: null,
    now: () => clock.now,
  };
  services.mail = createMailer(config, services.logger);
  services.storage = createObjectStore(config, () => clock.now);
  services.onSubmitted = async (trx, userId) => {
    await enqueueApplicationPdf(services, userId, trx);
    await queueSubmissionReceipt(services, trx, userId);
    await recordSubmissionEvent(services, trx, userId);
    await openChecklistAtSubmission(services, trx, userId);
  };
  const queue = options.queue ?? 'off';
  const inFlight = new Set<Promise<unknown>>();
  if (queue !== 'off') {
    const boss = createBoss(db);
    // Dropping the database at close() can make pg-boss's last poll fail: that is not a test failure.
    boss.on('error', () => undefined);
    await boss.start();
    await createQueues(boss);
    services.boss = boss;
    if (queue === 'workers') {
      trackHandlers(boss, inFlight);
      await registerWorkers(boss, services);
    }
  }
  const app = createApp(services);
  return {
    app,
    services,
    db,
    config,
    clock,
    async close() {
      await services.boss?.stop({ graceful: false, wait: true, timeout: 5000 }).catch(() => undefined);
      if (queue === 'workers') await letWorkerLoopsEnd(inFlight);
      await db.drop();
    },
  };
}
