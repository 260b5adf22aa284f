import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../platform/config.server.js';
import { openDatabase, type Database } from '../../db/knex.server.js';
import { processesUsingDirectory } from '../../db/pglite-in-use.server.js';

/**
 * The configured database for an operator's command, or the reason it cannot be opened: the embedded one is
 * refused while a server holds its folder (two processes on one PGlite directory corrupt it).
 */
export async function openOperatorDatabase(config: Config): Promise<{ db: Database; where: string } | { problem: string }> {
  const pgliteDir = join(config.dataDir, 'pglite');
  if (!config.databaseUrl && existsSync(pgliteDir)) {
    const holders = processesUsingDirectory(pgliteDir);
    if (holders && holders.length > 0)
      return {
        problem: `The embedded database ${pgliteDir} is in use by process ${holders.join(', ')} (a running server). Stop it first.`,
      };
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database ${pgliteDir}`;
  try {
    return { db: await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolMax: 1 }), where };
  } catch (err) {
    return { problem: `Cannot open ${where}: ${(err as Error).message}` };
  }
}
