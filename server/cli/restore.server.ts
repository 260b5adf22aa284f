/**
 * npm run restore -- <file.zip> [--replace]
 *   Restores an archive of `npm run backup` into the configured database and object store: migrates the database,
 *   checks the archive was made by this release, then writes every row and object. Refuses a database that
 *   already has accounts unless --replace is given (its product tables are then emptied first). With the
 *   embedded database, stop the server first. Steps: docs/operations.md, Restore.
 */
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfigOrExit } from '../../platform/config.server.js';
import { parseCliArgs, runCli } from './args.server.js';
import { createObjectStore } from '../../platform/storage/create-store.server.js';
import { openOperatorDatabase } from '../backup/open-target.server.js';
import { restoreBackup, RestoreRefused } from '../backup/archive.server.js';

const USAGE = 'usage: npm run restore -- <backup.zip> [--replace]';

runCli(async () => {
  const config = loadConfigOrExit();
  const { positional, flags } = parseCliArgs(process.argv.slice(2));
  if (!positional[0] || !existsSync(positional[0])) {
    console.error(positional[0] ? `No such file: ${positional[0]}` : USAGE);
    return 2;
  }
  const file = resolve(positional[0]);
  const opened = await openOperatorDatabase(config);
  if ('problem' in opened) {
    console.error(opened.problem);
    return 2;
  }
  try {
    const manifest = await restoreBackup(opened.db.knex, createObjectStore(config), file, { replace: flags.has('replace') });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Restored ${rows} rows of ${manifest.tables.length} tables into ${opened.where} and ${manifest.objects} objects, from the backup of ${manifest.created_at}`,
    );
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefused) {
      console.error(`Not restored: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await opened.db.close();
  }
});
