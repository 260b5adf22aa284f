import type { Knex } from 'knex';

/** Extensions the lookup search and case-insensitive e-mails rely on; present in PGlite and PostgreSQL contrib. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.schema.createTable('app_meta', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('app_meta');
}
