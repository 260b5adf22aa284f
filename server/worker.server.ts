import type { Server } from 'node:http';
import { getPriority } from 'node:os';
import { loadConfigOrExit } from '../platform/config.server.js';
import { createLogger } from '../platform/logger.server.js';
import { bootServices } from './boot.server.js';
import { startTracing } from '../platform/observability/telemetry.server.js';
import { collectProcessMetrics, nameMetricsProcess } from '../platform/observability/metrics.server.js';
import { startWorkerMetrics } from './observability/worker-metrics.server.js';
import { onStopSignals, SHUTDOWN_BOUNDS } from './shutdown.server.js';
import { lowerWorkerPriority } from './worker-priority.server.js';

/**
 * `npm run worker`: a process that only handles jobs (conversions, PDFs, e-mail), no HTTP. Scale it
 * out next to the web processes; all of them share PostgreSQL, pg-boss and the object store.
 */
const config = loadConfigOrExit();
await startTracing(config.otel, 'worker');
nameMetricsProcess('worker');
collectProcessMetrics();
const logger = createLogger(config.logLevel);

if (!config.databaseUrl) {
  // Embedded PGlite admits one process: a second one opening $DATA_DIR/pglite would corrupt it.
  logger.error('npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database, the server runs jobs itself (WORKER=inline).');
  process.exit(1);
}

lowerWorkerPriority(config.workerProcess.nice, logger);
const services = await bootServices(config, logger, { runWorkers: true });

// The worker's own job series (fa_jobs_*, conversions, PDFs, mails) live in this process: with METRICS_PORT set it
// answers GET /metrics there (on METRICS_HOST, 127.0.0.1 by default).
let metricsServer: Server | null = null;
if (config.metrics.workerPort) metricsServer = startWorkerMetrics(config.metrics, services.db.knex, logger);

onStopSignals(logger, async (signal) => {
  logger.info({ signal, jobsBoundMs: SHUTDOWN_BOUNDS.jobsMs }, 'worker stopping');
  metricsServer?.close();
  await services.stop({ jobsMs: SHUTDOWN_BOUNDS.jobsMs });
});
// Said only once the stop signals are handled: whoever waits for this line may stop the worker at once.
logger.info(
  { database: services.db.kind, objectStore: services.storage.kind, nice: getPriority(), pdfRenders: config.workerProcess.pdfRenders },
  'worker started',
);
