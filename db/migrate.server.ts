import type { Knex } from 'knex';
import { MIGRATIONS, type Migration } from './migrations/list.js';

const source: Knex.MigrationSource<readonly [string, Migration]> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};

export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ migrationSource: source })) as [number, string[]];
  return applied;
}

/** Names of migrations not yet applied; empty means the schema is current. */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const [, pending] = (await knex.migrate.list({ migrationSource: source })) as [unknown[], Array<readonly [string, Migration]>];
  return pending.map(([name]) => name);
}
