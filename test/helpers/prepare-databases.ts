import { mkdirSync, writeFileSync } from 'node:fs';
import knexFactory from 'knex';
import { openDatabase } from '../../db/knex.server.js';
import { migrateLatest } from '../../db/migrate.server.js';
import { seedLookupData } from '../../db/seeds/lookup/seed.server.js';
import { PGLITE_TEMPLATE, TEST_TMP } from './paths.js';
import { adminUrl, templateName } from './db-names.js';

/**
 * Builds one migrated template per run so each test file gets a fresh database quickly:
 * a PostgreSQL template database when DATABASE_URL is set, a PGlite data-dir dump otherwise.
 */
export async function prepareDatabases(): Promise<void> {
  mkdirSync(TEST_TMP, { recursive: true });
  const url = process.env.DATABASE_URL;
  if (url) {
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
    return;
  }
  const db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
  await migrateLatest(db.knex).then(() => seedLookupData(db.knex));
  const dump = await db.pglite!.dumpDataDir('gzip');
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}
await prepareDatabases();
