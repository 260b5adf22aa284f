import type { Knex } from 'knex';

/**
 * The applicant's finish (issue 18): a short reference given to each submission (unique, set in the
 * submission's transaction), and the receipt e-mails: one row per e-mail to send, so a job that retries
 * after the message went out sees `sent_at` and does not send it twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('applications', (t) => {
    t.text('reference').unique();
  });
  await knex.schema.createTable('receipts', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('reference').notNullable();
    // 'submission' (one per application) or 'resend' (asked for on /completion, a few at most).
    t.text('kind').notNullable();
    t.timestamp('requested_at', { useTz: true }).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    // A sender holds the receipt until then; another attempt (a retry after expiry) waits it out.
    t.timestamp('sending_until', { useTz: true });
    t.timestamp('sent_at', { useTz: true });
    t.text('last_error');
    t.timestamp('gave_up_at', { useTz: true });
    t.index(['user_id']);
  });
  await knex.raw(`create unique index receipts_one_submission on receipts (user_id) where kind = 'submission'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('receipts');
  await knex.schema.alterTable('applications', (t) => {
    t.dropColumn('reference');
  });
}
