import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory from 'knex';
import { openDatabase } from '../../db/knex.server.js';
import { migrateLatest } from '../../db/migrate.server.js';
import { seedLookupData } from '../../db/seeds/lookup/seed.server.js';
import { PGLITE_TEMPLATE, ROOT, TEST_TMP } from './paths.js';
import { adminUrl, templateName } from './db-names.js';

/**
 * Builds one migrated template per run so each test file gets a fresh database quickly:
 * a PostgreSQL template database when DATABASE_URL is set, and a PGlite data-dir dump (rebuilt when missing
 * or older than the migrations and seeds; always without DATABASE_URL).
 */
export async function prepareDatabases(): Promise<void> {
  mkdirSync(TEST_TMP, { recursive: true });
  const url = process.env.DATABASE_URL;
  if (url) await preparePostgresTemplate(url);
  // Tests of the PGlite side (db-jobs, db-migrations, the parallel-login test) open PGlite even when the
  // suite runs on PostgreSQL: the template must exist and be as new as the migrations and seeds.
  if (!url || pgliteTemplateIsStale()) await preparePgliteTemplate();
}

async function preparePostgresTemplate(url: string): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: adminUrl(url), pool: { min: 0, max: 1 } });
  const template = templateName(url);
  await admin.raw('drop database if exists ?? with (force)', [template]);
  await admin.raw('create database ??', [template]);
  await admin.destroy();
  const target = new URL(url);
  target.pathname = `/${template}`;
  const db = await openDatabase({ databaseUrl: target.toString(), poolMax: 1 });
  await migrateLatest(db.knex).then(() => seedLookupData(db.knex));
  await db.close();
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function pgliteTemplateIsStale(): boolean {
  if (!existsSync(PGLITE_TEMPLATE)) return true;
  const built = statSync(PGLITE_TEMPLATE).mtimeMs;
  return [join(ROOT, 'db', 'migrations'), join(ROOT, 'db', 'seeds')].some((dir) => newestMtime(dir) > built);
}

async function preparePgliteTemplate(): Promise<void> {
  const db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
  await migrateLatest(db.knex).then(() => seedLookupData(db.knex));
  const dump = await db.pglite!.dumpDataDir('none');
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}
await prepareDatabases();
