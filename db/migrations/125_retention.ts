import type { Knex } from 'knex';

/**
 * Retention (issue 27): when an idle, unsubmitted account was warned that it will be deleted. The retention job
 * deletes it only 30 days or more after this, and only if nobody has used the account since; any use after a
 * warning makes the next run clear it (a new idle period starts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('retention_warned_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('retention_warned_at');
  });
}
