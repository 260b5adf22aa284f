import { Router, type Request } from 'express';
import { existsSync } from 'node:fs';
import type { AppServices } from './app-services.server.js';
import { pendingMigrations } from '../db/migrate.server.js';

export type CheckResult = 'ok' | string;

export async function readinessChecks(services: AppServices): Promise<Record<string, CheckResult>> {
  const { config, db } = services;
  const database = await db.knex
    .raw('select 1')
    .then(() => pendingMigrations(db.knex))
    .then((pending) => (pending.length === 0 ? 'ok' : `migrations pending: ${pending.join(', ')}`))
    .catch((err: Error) => `database unreachable: ${err.message}`);
  return {
    database,
    objectStore: await objectStoreCheck(services),
    chromium: config.chromiumPath && existsSync(config.chromiumPath)
      ? 'ok'
      : 'Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH',
    libreoffice: config.sofficePath && existsSync(config.sofficePath)
      ? 'ok'
      : 'LibreOffice not found: install it (apt-get install libreoffice-writer-nogui) or set SOFFICE_PATH',
  };
}

function objectStoreCheck(services: AppServices): Promise<CheckResult> {
  return services.storage.ping().then(() => 'ok' as const, (err: Error) => `object store unreachable: ${err.message}`);
}

/**
 * A request from this machine itself, judged by the TCP peer and never by X-Forwarded-For (which a proxy we
 * trust may have filled with anything a visitor sent).
 */
export function fromLoopback(remoteAddress: string | undefined): boolean {
  if (!remoteAddress) return false;
  const address = remoteAddress.startsWith('::ffff:') ? remoteAddress.slice(7) : remoteAddress;
  return address === '::1' || /^127\./.test(address);
}

/** Headers a reverse proxy adds when it relays a request: their presence means a visitor, not an operator. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'];

/**
 * An operator on this machine calling directly: a loopback peer, and no sign of a proxy in between (a
 * proxy on the same machine also connects from loopback, on behalf of anyone on the network).
 */
export function directFromLoopback(req: Request): boolean {
  return fromLoopback(req.socket.remoteAddress) && !PROXY_HEADERS.some((name) => req.headers[name] !== undefined);
}

export function healthRouter(services: AppServices): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    const checks = await readinessChecks(services);
    // Chromium and LibreOffice only disable PDF features; the service is ready without them.
    const ready = checks.database === 'ok' && checks.objectStore === 'ok';
    res.setHeader('Cache-Control', 'no-store');
    // The checks' texts name hosts, ports and paths: only operators on the machine itself read them, never a
    // visitor relayed by a proxy on this machine (issue 23 finding 8).
    const body = directFromLoopback(req) ? { status: ready ? 'ok' : 'unavailable', checks } : { status: ready ? 'ok' : 'unavailable' };
    res.status(ready ? 200 : 503).json(body);
  });
  return router;
}
