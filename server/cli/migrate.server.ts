/**
 * npm run migrate
 *   Applies the database migrations (the same ones `npm start` applies at boot) and prints what it did.
 *   Safe to run again: a migrated database is left as it is. With PostgreSQL it may run while servers
 *   run; with the embedded database it refuses while another process (a server) holds $DATA_DIR/pglite,
 *   because two processes opening one PGlite directory corrupt it — that server migrated it at start.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigOrExit } from '../../platform/config.server.js';
import { openDatabase } from '../../db/knex.server.js';
import { migrateLatest } from '../../db/migrate.server.js';
import { processesUsingDirectory } from '../../db/pglite-in-use.server.js';

async function main(): Promise<number> {
  const config = loadConfigOrExit();
  const pgliteDir = join(config.dataDir, 'pglite');
  if (!config.databaseUrl && existsSync(pgliteDir)) {
    const holders = processesUsingDirectory(pgliteDir);
    if (holders && holders.length > 0) {
      console.error(
        `The embedded database ${pgliteDir} is in use by process ${holders.join(', ')} (a running server, which migrated it when it started). Stop it first, or use DATABASE_URL.`,
      );
      return 2;
    }
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database ${pgliteDir}`;
  let db;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolMax: 1 });
  } catch (err) {
    console.error(`Cannot open ${where}: ${(err as Error).message}`);
    return 2;
  }
  try {
    const applied = await migrateLatest(db.knex);
    console.log(
      applied.length > 0
        ? `Applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}`
        : `Nothing to apply: ${where} is up to date.`,
    );
    return 0;
  } catch (err) {
    console.error(`Migrating ${where} failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exit(await main());
