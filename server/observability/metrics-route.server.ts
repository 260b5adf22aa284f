import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { routeLabel } from '../../platform/observability/route-label.server.js';
import { directFromLoopback } from '../security/direct-caller.server.js';
import { passwordChecksWaiting as passwordChecksQueued } from '../auth/passwords.server.js';
import {
  dbPool,
  passwordChecksWaiting,
  httpDuration,
  httpRequests,
  queueDepth,
  queueOldest,
  registry,
  secondsSince,
} from '../../platform/observability/metrics.server.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

/**
 * First middleware of the app: counts and times every request once its answer has been sent, or once the
 * connection closed before that (a visitor who gave up is counted too, with the status that was set).
 */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      const labels = {
        route: routeLabel(req, res.locals.route),
        method: METHODS.has(req.method) ? req.method : 'OTHER',
        status: String(res.statusCode),
      };
      httpRequests.inc(labels);
      httpDuration.observe(labels, secondsSince(started));
    };
    res.once('finish', count);
    res.once('close', count);
    next();
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The bearer token, compared in constant time (both sides hashed to the same length first). */
export function tokenMatches(expected: string, header: string | undefined): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
  return given !== null && timingSafeEqual(digest(given), digest(expected));
}

/** The database whose pool and queue table the scrape reads (the process has one; the last app created wins). */
let scrapedDatabase: Knex | null = null;

export function measureDatabase(knex: Knex): void {
  scrapedDatabase = knex;
}

interface QueueRow {
  name: string;
  state: string;
  jobs: number | string;
  oldest: number | string | null;
}

/**
 * Queue depth and age come from pg-boss's table, not from counters: every process, web or worker, reports the
 * same cluster-wide figures (graph them with max without(process)). Bounded: a scrape never waits on a busy
 * database for long, it just reports the last figures.
 */
async function collectDatabaseGauges(knex: Knex): Promise<void> {
  const pool = (knex.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;
  passwordChecksWaiting.set(passwordChecksQueued());
  if (pool) {
    dbPool.set({ state: 'used' }, pool.numUsed());
    dbPool.set({ state: 'idle' }, pool.numFree());
    dbPool.set({ state: 'pending' }, pool.numPendingAcquires());
  }
  const query = knex
    .raw<{ rows: QueueRow[] }>(
      `select name, state::text as state, count(*) as jobs,
              extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())) as oldest
         from pgboss.job where state in ('created', 'retry', 'active') group by name, state`,
    )
    .timeout(2000, { cancel: knex.client.config.client === 'pg' });
  const { rows } = await query;
  queueDepth.reset();
  queueOldest.reset();
  const oldest = new Map<string, number>();
  for (const row of rows) {
    queueDepth.set({ queue: row.name, state: row.state }, Number(row.jobs));
    if (row.oldest !== null) oldest.set(row.name, Math.max(oldest.get(row.name) ?? 0, Number(row.oldest)));
  }
  for (const [queue, age] of oldest) queueOldest.set({ queue }, age);
}

/**
 * GET /metrics: the Prometheus text format. With METRICS_TOKEN set, only to a caller presenting it as a bearer
 * token, wherever they call from; without it, only to an operator on this machine calling directly (never through
 * a proxy, like /readyz's details). To anyone else the path does not exist (a plain 404, not the pages' redirect);
 * a wrong token is a 401.
 */
export function metricsHandler(options: { token: string | null; knex?: Knex | null }): RequestHandler {
  return async (req, res) => {
    const authorization = req.get('authorization');
    // With a token set, even a loopback caller shows it: a proxy on this machine may relay visitors without a trace.
    const allowed = options.token ? tokenMatches(options.token, authorization) : directFromLoopback(req);
    if (!allowed) {
      if (options.token && authorization) {
        res.status(401).setHeader('WWW-Authenticate', 'Bearer').type('text').send('Unauthorized');
        return;
      }
      res.status(404).type('text').send('Not Found');
      return;
    }
    const knex = options.knex ?? scrapedDatabase;
    try {
      if (knex) await collectDatabaseGauges(knex);
    } catch (err) {
      req.log?.warn({ err: (err as Error).message }, 'metrics: queue depth not read');
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(registry.contentType).send(await registry.metrics());
  };
}
