import { openDatabase } from '../../db/knex.server.js';
import { migrateLatest } from '../../db/migrate.server.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

/**
 * The databases a concurrency test must hold on: embedded PGlite (one connection, every query serialised)
 * always, opened and migrated here because the run's template is PostgreSQL's when DATABASE_URL is set;
 * and PostgreSQL (real parallel transactions) whenever DATABASE_URL names one, as in CI.
 */
export function bothDatabases(): Array<[kind: 'PGlite' | 'PostgreSQL', open: () => Promise<TestDatabase>]> {
  const pglite = async (): Promise<TestDatabase> => {
    const db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    await migrateLatest(db.knex);
    return { ...db, url: null, drop: () => db.close() };
  };
  const kinds: Array<[kind: 'PGlite' | 'PostgreSQL', open: () => Promise<TestDatabase>]> = [['PGlite', pglite]];
  if (process.env.DATABASE_URL) kinds.push(['PostgreSQL', () => createTestDatabase({ kind: 'postgres' })]);
  return kinds;
}
