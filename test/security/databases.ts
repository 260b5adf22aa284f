import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

/**
 * The databases a concurrency test must hold on: embedded PGlite (one connection, every query serialised)
 * always, loaded from the run's PGlite template (prepare-databases builds it even when DATABASE_URL is set);
 * and PostgreSQL (real parallel transactions) whenever DATABASE_URL names one, as in CI.
 */
export function bothDatabases(): Array<[kind: 'PGlite' | 'PostgreSQL', open: () => Promise<TestDatabase>]> {
  const kinds: Array<[kind: 'PGlite' | 'PostgreSQL', open: () => Promise<TestDatabase>]> = [
    ['PGlite', () => createTestDatabase({ kind: 'pglite' })],
  ];
  if (process.env.DATABASE_URL) kinds.push(['PostgreSQL', () => createTestDatabase({ kind: 'postgres' })]);
  return kinds;
}
