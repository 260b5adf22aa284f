import type { Knex } from 'knex';

/**
 * Staff read-only links are signed tokens (no row per link, so a command can mint one while the server
 * holds the embedded database). Revoking sets a cut-off per applicant: links issued before it stop working.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('service_link_revocations', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.timestamp('revoked_before', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('service_link_revocations');
}
