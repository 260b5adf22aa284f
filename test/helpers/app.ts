import type { Express } from 'express';
import type { Logger } from 'pino';
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
  };
  const queue = options.queue ?? 'off';
  if (queue !== 'off') {
    const boss = createBoss(db);
    // Dropping the database at close() can make pg-boss's last poll fail: that is not a test failure.
    boss.on('error', () => undefined);
    await boss.start();
    await createQueues(boss);
    services.boss = boss;
    if (queue === 'workers') await registerWorkers(boss, services);
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
      await db.drop();
    },
  };
}
