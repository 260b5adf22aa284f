import type { Knex } from 'knex';

/**
 * Family access (issue 39, docs/after-submission.md#family-access): the people a submitted applicant lets read their
 * status (at most three live invitations, one row per applicant and address), the e-mailed sign-in codes of those
 * addresses (only a keyed hash of the code, single use, expiring) and the family's read-only sessions, which are
 * keyed by the address and never by an applicant: what a session may read is looked up on every request, so
 * removing an invitation ends its access at once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('family_members', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    /** Lowercased. */
    t.text('email').notNullable();
    t.timestamp('invited_at', { useTz: true }).notNullable();
    t.timestamp('last_signed_in_at', { useTz: true });
    t.unique(['user_id', 'email']);
    t.index(['email']);
  });
  await knex.schema.createTable('family_codes', (t) => {
    t.text('email').primary();
    t.text('code_hmac').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('family_sessions', (t) => {
    t.text('id_hash').primary();
    t.text('email').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    t.index(['email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('family_sessions');
  await knex.schema.dropTable('family_codes');
  await knex.schema.dropTable('family_members');
}
