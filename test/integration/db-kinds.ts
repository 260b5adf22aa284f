/**
 * The databases a database-layer test (test/integration/db-*) runs on: embedded PGlite, and PostgreSQL when
 * DATABASE_URL names one. A whole run (test/run-all.mjs, .ci/run) runs these files twice, first on PGlite alone
 * and then with every other layer on PostgreSQL; that second pass sets TEST_PGLITE_LAYER_RAN=1 and runs only the
 * PostgreSQL half, the PGlite half having just passed.
 */
export function databaseLayerKinds(): Array<'pglite' | 'postgres'> {
  if (!process.env.DATABASE_URL) return ['pglite'];
  return process.env.TEST_PGLITE_LAYER_RAN === '1' ? ['postgres'] : ['pglite', 'postgres'];
}
