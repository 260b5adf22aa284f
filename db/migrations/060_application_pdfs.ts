import type { Knex } from 'knex';

/**
 * The application PDF (issue 7): one current rendering per applicant. `generation` grows with every
 * request so a late job never overwrites a newer one; `answers_version` tells whether the stored PDF
 * still shows the current answers.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('application_pdfs', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('status').notNullable();
    t.integer('generation').notNullable();
    t.integer('answers_version').notNullable();
    t.text('output_key');
    t.text('message');
    t.integer('page_count');
    t.timestamp('requested_at', { useTz: true }).notNullable();
    t.timestamp('completed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('application_pdfs');
}
