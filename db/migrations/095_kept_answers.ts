import type { Knex } from 'knex';

/**
 * Answers posted by a form page without a valid session (never logged in, or a session that ended while the
 * page was open, DESIGN §6). They are kept under a random token held in an HttpOnly cookie of that browser and
 * handed to carried_answers at the next login, so nothing typed is lost.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('kept_answers', (t) => {
    t.text('token_hash').primary();
    t.jsonb('answers').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('kept_answers');
}
