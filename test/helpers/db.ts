import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { openDatabase, type Database } from '../../db/knex.server.js';
import { PGLITE_TEMPLATE } from './paths.js';
import { adminUrl, templateName, testDatabasePrefix } from './db-names.js';

export interface TestDatabase extends Database {
  /** Connection string of this database (PostgreSQL), for child processes; null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a copy of the run's template on PostgreSQL
 * (DATABASE_URL set) or an in-memory PGlite loaded from the template dump. Pass `{ kind }` to force one.
 */
export async function createTestDatabase(options: { kind?: 'postgres' | 'pglite' } = {}): Promise<TestDatabase> {
  // `npm run test:unit` prepares no template: a stale dump from an earlier run must not pass for a fresh one.
  if (process.env.TEST_DATABASES === 'none')
    throw new Error('npm run test:unit runs without databases: a test that needs one belongs in test/integration/');
  const url = process.env.DATABASE_URL;
  const kind = options.kind ?? (url ? 'postgres' : 'pglite');
  if (kind === 'postgres') {
    const copy = await copyTemplateDatabase();
    if (!copy) throw new Error('createTestDatabase({kind: "postgres"}) needs DATABASE_URL');
    const db = await openDatabase({ databaseUrl: copy.url, poolMax: 5 });
    return {
      ...db,
      url: copy.url,
      async drop() {
        await db.close();
        await copy.drop();
      },
    };
  }
  const dump = new Blob([readFileSync(PGLITE_TEMPLATE)]);
  const db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://', pgliteLoadDataDir: dump });
  return { ...db, url: null, drop: () => db.close() };
}

/**
 * A copy of the run's PostgreSQL template (no connection held here, so a server process may use it): its URL,
 * and drop(). Null when the run has no DATABASE_URL.
 */
export async function copyTemplateDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const name = `${testDatabasePrefix(url)}${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: adminUrl(url), pool: { min: 0, max: 1 } });
  await createFromTemplate(admin, name, templateName(url));
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      await admin.raw('drop database if exists ?? with (force)', [name]).catch(() => undefined);
      await admin.destroy();
    },
  };
}

async function createFromTemplate(admin: knexFactory.Knex, name: string, template: string): Promise<void> {
  // CREATE DATABASE ... TEMPLATE fails while another session uses the template; retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.raw('create database ?? template ??', [name, template]);
      return;
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
}
