import yazl from 'yazl';
import yauzl from 'yauzl';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { ObjectStore } from '../../platform/storage/object-store.server.js';
import { nextEntry } from '../../platform/storage/zip-entries.server.js';
import { migrateLatest } from '../../db/migrate.server.js';
import {
  applicantRowCount,
  emptyTables,
  insertRows,
  resetSequences,
  tableRows,
  tablesInDependencyOrder,
} from '../../db/backup-tables.server.js';

export const BACKUP_FORMAT = 'freshman-application-backup/1';
/** Rows per archive entry: a restore holds one entry's rows at a time. */
const ROWS_PER_PART = 2000;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  created_at: string;
  /** The migrations the database had: a restore needs the same ones (the same release of the app). */
  migrations: string[];
  tables: Array<{ name: string; rows: number; parts: number }>;
  objects: number;
}

async function appliedMigrations(knex: Knex): Promise<string[]> {
  return ((await knex('knex_migrations').orderBy('id').select('name')) as Array<{ name: string }>).map((r) => r.name);
}

/**
 * One archive (a ZIP) of what the product owns (issue 27): manifest.json, every row of every product table
 * (db/<table>/<part>.jsonl, tables in foreign-key order) and every object of the store (objects/<key>). Works on
 * PGlite and PostgreSQL and with either store. Written to a temporary name and renamed: a cut-short run leaves
 * no archive that looks whole.
 */
export async function writeBackup(knex: Knex, storage: ObjectStore, file: string, now: Date): Promise<BackupManifest> {
  const zip = new yazl.ZipFile();
  const temp = `${file}.partial`;
  const written = pipeline(zip.outputStream, createWriteStream(temp, { mode: 0o600 }));
  try {
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      created_at: now.toISOString(),
      migrations: await appliedMigrations(knex),
      tables: [],
      objects: 0,
    };
    const entries: Array<{ name: string; body: Buffer }> = [];
    // Every table from one snapshot (a running PostgreSQL keeps serving): no row refers to one the archive lacks.
    await knex.transaction(
      async (trx) => {
        for (const table of await tablesInDependencyOrder(trx)) {
          const rows = await tableRows(trx, table);
          const parts = Math.ceil(rows.length / ROWS_PER_PART);
          for (let part = 0; part < parts; part += 1) {
            entries.push({
              name: `db/${table}/${String(part).padStart(5, '0')}.jsonl`,
              body: Buffer.from(`${rows.slice(part * ROWS_PER_PART, (part + 1) * ROWS_PER_PART).join('\n')}\n`),
            });
          }
          manifest.tables.push({ name: table, rows: rows.length, parts });
        }
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
    // Listed after the snapshot: an object stored since is an extra, never a document the rows name but lack.
    const keys = await storage.list('');
    manifest.objects = keys.length;
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'manifest.json');
    for (const entry of entries) zip.addBuffer(entry.body, entry.name);
    for (const key of keys) {
      // The object's content type travels as its entry's comment, so a restored PDF is served as a PDF again (the
      // local store keeps none: empty).
      const contentType = (await storage.head(key))?.contentType ?? '';
      // Opened one at a time as the ZIP reaches it: memory holds one object, not the store.
      zip.addReadStreamLazy(`objects/${key}`, { fileComment: contentType }, (cb) => {
        storage.getStream(key).then(
          (stream) => (stream ? cb(null, stream) : cb(new Error(`object ${key} disappeared during the backup`), undefined as never)),
          (err: unknown) => cb(err, undefined as never),
        );
      });
    }
    zip.end();
    await written;
    await rename(temp, file);
    return manifest;
  } catch (err) {
    (zip.outputStream as Readable).destroy();
    await written.catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class RestoreRefused extends Error {}

/** An entry's recorded content type when it is one (type/subtype, parameters allowed); else bytes without a type. */
function contentTypeOf(comment: string | undefined): string {
  return comment && comment.length <= 200 && /^[\w.+-]+\/[\w.+-]+(\s*;[\w =.+"-]*)*$/.test(comment) ? comment : 'application/octet-stream';
}

/**
 * Restores an archive of writeBackup into a database without applicant data and the configured store: applies the
 * migrations, checks they are the archive's, then — in one transaction — empties the product tables and inserts
 * every row, counting the archive's objects. Objects are written only once that transaction has committed (a
 * second pass over the archive): a restore whose database part fails leaves the store as it was (issue 35
 * finding 14). `replace` allows a database that has accounts.
 */
export async function restoreBackup(
  knex: Knex,
  storage: ObjectStore,
  file: string,
  options: { replace?: boolean } = {},
): Promise<BackupManifest> {
  const manifest = await restoreRows(knex, file, options);
  const zip = await yauzl.openPromise(file, { lazyEntries: true, validateEntrySizes: true });
  let restored = 0;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (!entry.fileName.startsWith('objects/')) continue;
      const body = await readAll(await zip.openReadStreamPromise(entry));
      await storage.put(entry.fileName.slice('objects/'.length), body, contentTypeOf(entry.fileComment));
      restored += 1;
    }
  } catch (err) {
    throw new Error(
      `the database was restored, but writing the objects stopped after ${restored} of ${manifest.objects} (${(err as Error).message}); run the restore again with --replace`,
      { cause: err },
    );
  } finally {
    zip.close();
  }
  return manifest;
}

/** The database part of a restore: every row in one transaction, and the archive's objects counted, not written. */
async function restoreRows(knex: Knex, file: string, options: { replace?: boolean }): Promise<BackupManifest> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, validateEntrySizes: true });
  try {
    const first = await nextEntry(zip);
    if (!first || first.fileName !== 'manifest.json')
      throw new RestoreRefused(`${file} is not a backup of this application (no manifest.json first)`);
    const manifest = JSON.parse((await readAll(await zip.openReadStreamPromise(first))).toString('utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new RestoreRefused(`${file} is a backup in another format (${String(manifest.format)})`);
    await migrateLatest(knex);
    const migrations = await appliedMigrations(knex);
    if (migrations.join('\n') !== manifest.migrations.join('\n')) {
      throw new RestoreRefused(
        `the backup was made by another release of the application (migrations ${manifest.migrations.at(-1) ?? 'none'}, this one ${migrations.at(-1) ?? 'none'}): restore it with that release, then upgrade`,
      );
    }
    if (!options.replace && (await applicantRowCount(knex)) > 0)
      throw new RestoreRefused('the database already holds accounts: restore into an empty database (or pass --replace)');
    await knex.transaction(async (trx) => {
      await emptyTables(
        trx,
        manifest.tables.map((t) => t.name),
      );
      let objects = 0;
      for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
        const table = /^db\/([a-z0-9_]+)\/\d+\.jsonl$/.exec(entry.fileName)?.[1];
        if (table && manifest.tables.some((t) => t.name === table)) {
          await insertRows(
            trx,
            table,
            (await readAll(await zip.openReadStreamPromise(entry))).toString('utf8').split('\n').filter(Boolean),
          );
        } else if (entry.fileName.startsWith('objects/')) {
          objects += 1;
        }
      }
      for (const table of manifest.tables) await resetSequences(trx, table.name);
      if (objects !== manifest.objects) throw new RestoreRefused(`the archive holds ${objects} of its ${manifest.objects} objects`);
    });
    return manifest;
  } finally {
    zip.close();
  }
}
