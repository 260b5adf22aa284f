import type { Knex } from 'knex';

/**
 * The application lifecycle (issue 5): one answers document per applicant with a version for
 * optimistic concurrency (DESIGN §7), the recognised web statuses, the last page, add-another counts,
 * chosen tabs, the latest validation result, and the moment of submission (set exactly once).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('applications', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.jsonb('answers').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.integer('version').notNullable().defaultTo(0);
    t.text('last_page');
    t.jsonb('add_another').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.jsonb('tabs').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.jsonb('validations');
    t.timestamp('submitted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  // §4: web status is derived from the distinct recognised statuses recorded.
  await knex.schema.createTable('web_statuses', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('web_status').notNullable();
    t.timestamp('recorded_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'web_status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('web_statuses');
  await knex.schema.dropTableIfExists('applications');
}
