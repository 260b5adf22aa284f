import type { Config } from '../platform/config.server.js';
import { createLogger } from '../platform/logger.server.js';
import { bootServices } from './boot.server.js';
import { createApp } from './app.server.js';
import { loadProductionBuild } from './production-build.server.js';
import { startTracing } from '../platform/observability/telemetry.server.js';
import { collectProcessMetrics, nameMetricsProcess } from '../platform/observability/metrics.server.js';
import { onStopSignals, shutDownGracefully } from './shutdown.server.js';

/** The production server of `npm start` (server/start.server.ts loads this after choosing the libraries' mode). */
export async function serve(config: Config): Promise<void> {
  // Before anything opens the database or the queue: their spans need the tracer (a no-op without OTEL_*).
  await startTracing(config.otel, 'web');
  nameMetricsProcess('web');
  collectProcessMetrics();
  const logger = createLogger(config.logLevel);

  await loadProductionBuild();

  const services = await bootServices(config, logger, { runWorkers: config.worker === 'inline' });
  const app = createApp(services);
  const server = app.listen(config.port, () => {
    logger.info({ url: config.publicUrl, port: config.port, database: services.db.kind }, 'Freshman Application listening');
  });
  // Longer than a load balancer's idle timeout (60 s on the common ones) and than the clients' own: whoever
  // reuses a kept-alive connection must never race the server closing it ("other side closed" under load).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // SIGTERM (a redeploy, a scale-down): answer what is in flight, let running jobs finish or go back to their
  // queue, then close the database; bounded by SHUTDOWN_BOUNDS (docs/operations.md, "Stopping").
  onStopSignals(logger, async (signal) => {
    logger.info({ signal }, 'shutting down');
    await shutDownGracefully(server, (bounds) => services.stop(bounds), logger);
    logger.info('stopped');
  });
}
