import type { Knex } from 'knex';

/**
 * Saved views of the staff list (issue 37): a staff member names the list's current filters and opens them again
 * later. Each is one staff member's own (by e-mail, as the audit trail names them); the filters are kept as the
 * list's own query string, so a view opens exactly the list it was saved from. Also an index for the list's school
 * names by CEEB code.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_saved_views', (t) => {
    t.bigIncrements('id').primary();
    t.text('staff_email').notNullable();
    t.text('name').notNullable();
    t.text('query').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['staff_email', 'name']);
  });
  // The list names a school by the lookup when the answers hold only its CEEB code: one index probe per row.
  await knex.raw('create index lookup_school_ceeb on lookup_school (category, ceeb)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index lookup_school_ceeb');
  await knex.schema.dropTable('staff_saved_views');
}
