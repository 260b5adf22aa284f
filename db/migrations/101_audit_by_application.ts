import type { Knex } from 'knex';

/** The staff application page shows that application's audit timeline (issue 25): read by user_id, newest first. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('staff_audit', (t) => {
    t.index(['user_id', 'id'], 'staff_audit_user_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('staff_audit', (t) => {
    t.dropIndex(['user_id', 'id'], 'staff_audit_user_id_idx');
  });
}
