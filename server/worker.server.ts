import { loadConfigOrExit } from './config.server.js';
import { createLogger } from './logger.server.js';
import { bootServices } from './boot.server.js';

/**
 * `npm run worker`: a process that only handles jobs (conversions, PDFs, e-mail), no HTTP. Scale it
 * out next to the web processes; all of them share PostgreSQL, pg-boss and the object store.
 */
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);

if (!config.databaseUrl) {
  // Embedded PGlite admits one process: a second one opening $DATA_DIR/pglite would corrupt it.
  logger.error('npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database, the server runs jobs itself (WORKER=inline).');
  process.exit(1);
}

const services = await bootServices(config, logger, { runWorkers: true });
logger.info({ database: services.db.kind, objectStore: services.storage.kind }, 'worker started');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker stopping');
  await services.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
