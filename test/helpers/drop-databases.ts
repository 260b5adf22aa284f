import knexFactory from 'knex';
import { adminUrl, testDatabasePrefix } from './db-names.js';

export async function dropDatabases(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const admin = knexFactory({ client: 'pg', connection: adminUrl(url), pool: { min: 0, max: 1 } });
  const { rows } = await admin.raw<{ rows: Array<{ datname: string }> }>('select datname from pg_database where datname like ?', [
    `${testDatabasePrefix(url)}%`,
  ]);
  for (const { datname } of rows) await admin.raw('drop database if exists ?? with (force)', [datname]);
  await admin.destroy();
}
await dropDatabases();
