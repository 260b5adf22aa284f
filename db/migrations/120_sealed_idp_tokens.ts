import type { Knex } from 'knex';

/**
 * Staff sessions now keep the identity provider's access token sealed (issue 35 finding 13). The ones stored in
 * clear before are removed with their sessions: those staff members sign in again, and no clear token is left
 * in the table (nor in the backups made from now on).
 */
export async function up(knex: Knex): Promise<void> {
  await knex('staff_sessions').whereNotNull('idp_access_token').delete();
}

export async function down(): Promise<void> {
  // Nothing to restore: the clear tokens are gone, and sealed ones are only a longer text in the same column.
}
