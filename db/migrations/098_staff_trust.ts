import type { Knex } from 'knex';

/**
 * Issue 23, the staff side: a staff session remembers the groups the identity provider gave at sign-in and
 * when its right to the desk was last confirmed (re-checked every minute against STAFF_EMAILS / STAFF_GROUP
 * and, for provider sessions, the provider's userinfo); staff signing in through the provider are bound to
 * their subject (`sub`) at first sign-in, so a later account that merely claims the same e-mail is refused.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('staff_sessions', (t) => {
    t.jsonb('groups').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    t.text('sub');
    t.text('idp_access_token');
    t.timestamp('checked_at', { useTz: true });
  });
  await knex.schema.createTable('staff_identities', (t) => {
    t.text('email').primary();
    t.text('sub').notNullable();
    t.timestamp('bound_at', { useTz: true }).notNullable();
  });
  // Exports per staff member per hour (issue 23 finding 17).
  await knex.raw('create index staff_exports_by_staff on staff_exports (staff_email, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists staff_exports_by_staff');
  await knex.schema.dropTableIfExists('staff_identities');
  await knex.schema.alterTable('staff_sessions', (t) => {
    t.dropColumn('groups');
    t.dropColumn('sub');
    t.dropColumn('idp_access_token');
    t.dropColumn('checked_at');
  });
}
