import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.server.js';
import type { AppServices } from './services.server.js';
import { openDatabase } from '../db/knex.server.js';
import { migrateLatest } from '../db/migrate.server.js';
import { seedLookupDataInBackground } from '../db/seeds/lookup/seed.server.js';
import { createBoss } from '../workers/boss.server.js';
import { createQueues, registerWorkers } from '../workers/register.server.js';
import { createMailer } from './mail/mailer.server.js';
import { createObjectStore } from './storage/create-store.server.js';
import { enqueueApplicationPdf } from './pdf/routes.server.js';
import { queueSubmissionReceipt } from './receipts/receipts.server.js';
import { checkDefinition } from '../form/check-definition.js';
import { formDefinition } from '../form/definition.js';
import { protectDataDir } from './data-dir.server.js';
import { recordSubmissionEvent } from './integration/webhook-outbox.server.js';
import { openChecklistAtSubmission } from './after-submission/checklist.server.js';

export interface BootOptions {
  /** Run job handlers in this process (WORKER=inline, or the worker entry). */
  runWorkers: boolean;
  /** Start the queue at all (tests of pure HTTP behaviour may skip it). */
  startQueue?: boolean;
}

/** Opens the database, applies migrations, starts the job queue: everything a process needs. */
export async function bootServices(config: Config, logger: Logger, options: BootOptions): Promise<AppServices & { stop(): Promise<void> }> {
  // §5 configuration errors stop development and tests; production logs them as warnings only.
  const { warnings } = config.nodeEnv === 'production' ? { warnings: [] } : checkDefinition(formDefinition());
  for (const warning of warnings) logger.warn({ warning }, 'form definition');
  protectDataDir(config.dataDir);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  const applied = await migrateLatest(db.knex);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  seedLookupDataInBackground(db.knex, logger);
  const services: AppServices = { config, logger, db, boss: null, now: () => new Date(), mail: createMailer(config, logger) };
  services.storage = createObjectStore(config);
  services.onSubmitted = async (trx, userId) => {
    await enqueueApplicationPdf(services, userId, trx);
    await queueSubmissionReceipt(services, trx, userId);
    await recordSubmissionEvent(services, trx, userId);
    await openChecklistAtSubmission(services, trx, userId);
  };
  if (options.startQueue !== false) {
    const boss = createBoss(db);
    boss.on('error', (err) => logger.error({ err }, 'job queue error'));
    await boss.start();
    await createQueues(boss);
    services.boss = boss;
    if (options.runWorkers) await registerWorkers(boss, services);
  }
  return Object.assign(services, {
    async stop() {
      await services.boss?.stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
      await db.close();
    },
  });

}
