import express from 'express';
import type { Server } from 'node:http';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.server.js';
import { metricsHandler } from './metrics-route.server.js';
import { METRICS_PATH } from '../../platform/observability/route-label.server.js';

/**
 * `npm run worker`'s own GET /metrics (its job series live in that process), under the same rules as the web's.
 * It listens on METRICS_HOST, 127.0.0.1 unless the operator names another address: an operator who opens it to
 * the network does so on purpose, and sets METRICS_TOKEN for it (issue 35 finding 11).
 */
export function startWorkerMetrics(metrics: Config['metrics'], knex: Knex, logger: Logger, port = metrics.workerPort): Server {
  const app = express();
  app.disable('x-powered-by');
  app.get(METRICS_PATH, metricsHandler({ token: metrics.token, knex }));
  const server = app.listen(port ?? 0, metrics.workerHost, () =>
    logger.info({ host: metrics.workerHost, port }, 'worker metrics listening'),
  );
  return server;
}
