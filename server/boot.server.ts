import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../platform/config.server.js';
import type { AppServices } from '../platform/app-services.server.js';
import { openDatabase } from '../db/knex.server.js';
import { migrateLatest } from '../db/migrate.server.js';
import { seedLookupDataInBackground } from '../db/seeds/lookup/seed.server.js';
import { createQueues, registerWorkers } from '../workers/register.server.js';
import { createMailer } from '../platform/mail/mailer.server.js';
import { createObjectStore } from '../platform/storage/create-store.server.js';
import { checkDefinition } from '../form/check-definition.js';
import { formDefinition } from '../form/definition.js';
import { protectDataDir } from '../platform/data-dir.server.js';
import { tracing } from '../platform/observability/telemetry.server.js';
import { SHUTDOWN_BOUNDS } from './shutdown.server.js';
import { createBoss, stopJobs } from '../platform/jobs/boss.server.js';

export interface BootOptions {
  /** Run job handlers in this process (WORKER=inline, or the worker entry). */
  runWorkers: boolean;
}

/** Opens the database, applies migrations, starts the job queue: everything a process needs. */
export async function bootServices(
  config: Config,
  logger: Logger,
  options: BootOptions,
): Promise<AppServices & { stop(options?: { jobsMs?: number }): Promise<void> }> {
  // §5 configuration errors stop development and tests; production logs them as warnings only.
  const { warnings } = config.nodeEnv === 'production' ? { warnings: [] } : checkDefinition(formDefinition());
  for (const warning of warnings) logger.warn({ warning }, 'form definition');
  protectDataDir(config.dataDir);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  tracing()?.instrumentKnex(db.knex);
  const applied = await migrateLatest(db.knex);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  seedLookupDataInBackground(db.knex, logger);
  const boss = createBoss(db);
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  await createQueues(boss);
  const services: AppServices = {
    config,
    logger,
    db,
    boss,
    now: () => new Date(),
    mail: createMailer(config, logger),
    storage: createObjectStore(config),
  };
  if (options.runWorkers) await registerWorkers(boss, services);
  return Object.assign(services, {
    async stop(stopOptions: { jobsMs?: number } = {}) {
      await stopJobs(boss, stopOptions.jobsMs ?? SHUTDOWN_BOUNDS.jobsMs);
      await db.close();
    },
  });
}
