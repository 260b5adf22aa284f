import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { stopTracing } from '../platform/observability/telemetry.server.js';

/**
 * How long SIGTERM waits (issue 27): in-flight requests get REQUESTS_MS to finish (no new connection is
 * accepted meanwhile), then jobs running in this process get JOBS_MS; together within the 30 s an orchestrator
 * usually allows before it kills. A job still running then is failed back to its queue by pg-boss and retried
 * (on this or another worker, with its retries and backoff), so it is delayed, never lost.
 */
export const SHUTDOWN_BOUNDS = { requestsMs: 15_000, jobsMs: 10_000 };

/**
 * Stops accepting connections and resolves once every request in flight has been answered ('drained'), or after
 * `boundMs` with the connections still open cut ('cut'). Keep-alive connections are closed as soon as they are
 * idle, and a request that arrives on one meanwhile is answered with `Connection: close`.
 */
export function drainHttp(server: Server, boundMs: number): Promise<'drained' | 'cut'> {
  return new Promise((resolve) => {
    const closeAfterAnswer = (_req: unknown, res: { shouldKeepAlive: boolean }) => {
      res.shouldKeepAlive = false;
    };
    server.on('request', closeAfterAnswer);
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => {
      clearInterval(idle);
      server.closeAllConnections();
      resolve('cut');
    }, boundMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      server.off('request', closeAfterAnswer);
      resolve('drained');
    });
    server.closeIdleConnections();
  });
}

/**
 * What SIGTERM does in a web process (server/serve.server.ts): stop accepting connections and answer the requests
 * in flight, then stop the jobs (finished, or failed back to their queue) and the database through `stopServices`.
 */
export async function shutDownGracefully(
  server: Server,
  stopServices: (options: { jobsMs: number }) => Promise<void>,
  logger: Logger,
  bounds = SHUTDOWN_BOUNDS,
): Promise<void> {
  logger.info({ boundMs: bounds.requestsMs }, 'shutting down: finishing requests in flight');
  const requests = await drainHttp(server, bounds.requestsMs);
  if (requests === 'cut') logger.warn({ boundMs: bounds.requestsMs }, 'shutting down: requests still running were cut');
  logger.info({ boundMs: bounds.jobsMs }, 'shutting down: finishing jobs in flight');
  await stopServices({ jobsMs: bounds.jobsMs });
}

/**
 * SIGINT and SIGTERM for an entry point (the web server, the worker): `stop` runs once, then the tracer is
 * stopped and pino's asynchronous log is flushed before the process exits, so the last lines are never lost.
 */
export function onStopSignals(logger: Logger, stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const handle = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    await stop(signal);
    await stopTracing().catch(() => undefined);
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    process.exit(0);
  };
  process.on('SIGINT', () => void handle('SIGINT'));
  process.on('SIGTERM', () => void handle('SIGTERM'));
}
