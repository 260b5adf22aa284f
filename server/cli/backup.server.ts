/**
 * npm run backup [-- <file.zip>]
 *   Writes one archive of what the product owns: every row of its tables and every object of its store (the
 *   embedded one under $DATA_DIR/objects, or the S3 bucket), to <file.zip> or $DATA_DIR/backups/backup-<time>.zip.
 *   With the embedded database, stop the server first. With PostgreSQL and S3 the platform's own backups
 *   (pg_dump, bucket versioning) come first; this archive is the portable copy (docs/operations.md, Backups).
 *   `npm run restore` reads it back.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadConfigOrExit } from '../../platform/config.server.js';
import { parseCliArgs, runCli } from './args.server.js';
import { createObjectStore } from '../../platform/storage/create-store.server.js';
import { openOperatorDatabase } from '../backup/open-target.server.js';
import { writeBackup } from '../backup/archive.server.js';

runCli(async () => {
  const config = loadConfigOrExit();
  const { positional } = parseCliArgs(process.argv.slice(2));
  const now = new Date();
  const file = resolve(positional[0] ?? join(config.dataDir, 'backups', `backup-${now.toISOString().replace(/[:.]/g, '-')}.zip`));
  const opened = await openOperatorDatabase(config);
  if ('problem' in opened) {
    console.error(opened.problem);
    return 2;
  }
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const manifest = await writeBackup(opened.db.knex, createObjectStore(config), file, now);
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Backed up ${rows} rows of ${manifest.tables.length} tables from ${opened.where} and ${manifest.objects} objects to ${file}`,
    );
    return 0;
  } finally {
    await opened.db.close();
  }
});
