import type { Knex } from 'knex';

/**
 * The office may reject a counselor's upload as unofficial (issue 35): the checklist reopens and keeps when,
 * why and which address it came from, so the applicant and the desk both see it until a new address is given.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transcript_checklist', (t) => {
    t.timestamp('rejected_at', { useTz: true });
    t.text('rejected_reason');
    t.text('rejected_email');
    // The applicant's "not accepted as official" e-mail went out (a retried job sends nothing twice).
    t.timestamp('rejection_notified_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transcript_checklist', (t) => {
    t.dropColumns('rejected_at', 'rejected_reason', 'rejected_email', 'rejection_notified_at');
  });
}
