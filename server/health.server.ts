import { Router } from 'express';
import { existsSync } from 'node:fs';
import type { AppServices } from '../platform/app-services.server.js';
import { pendingMigrations } from '../db/migrate.server.js';
import { directFromLoopback } from './security/direct-caller.server.js';

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
    chromium:
      config.chromiumPath && existsSync(config.chromiumPath)
        ? 'ok'
        : 'Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH',
    libreoffice:
      config.sofficePath && existsSync(config.sofficePath)
        ? 'ok'
        : 'LibreOffice not found: install it (apt-get install libreoffice-writer-nogui) or set SOFFICE_PATH',
  };
}

function objectStoreCheck(services: AppServices): Promise<CheckResult> {
  return services.storage.ping().then(
    () => 'ok' as const,
    (err: Error) => `object store unreachable: ${err.message}`,
  );
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
