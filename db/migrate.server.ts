import type { Knex } from 'knex';
import { MIGRATIONS, type Migration } from './migrations/list.js';

export const migrationSource: Knex.MigrationSource<readonly [string, Migration]> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};

export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}

/** Names of migrations not yet applied; empty means the schema is current. */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const [, pending] = (await knex.migrate.list({ migrationSource })) as [unknown[], Array<readonly [string, Migration]>];
  return pending.map(([name]) => name);
}

/** Undoes every migration (tests of the down steps; never called by the application). */
export async function rollbackAll(knex: Knex): Promise<void> {
  await knex.migrate.rollback({ migrationSource }, true);
}
