import type { Knex } from 'knex';

/**
 * Deadlines (issue 40, docs/deadlines.md): the round an application was submitted under, the office's extensions
 * (for everyone: user_id null), the reminders sent (unique per account, round and threshold, so concurrent workers
 * send each one once) and the accounts that asked for no more reminders.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('applications', (t) => {
    t.text('deadline_round');
  });
  await knex.schema.createTable('deadline_extensions', (t) => {
    t.bigIncrements('id');
    t.text('round').notNullable();
    t.uuid('user_id').references('users.id').onDelete('CASCADE');
    t.timestamp('until', { useTz: true }).notNullable();
    t.text('staff_email').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['round', 'user_id']);
  });
  await knex.schema.createTable('deadline_reminders', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('round').notNullable();
    t.text('threshold').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'round', 'threshold']);
  });
  await knex.schema.createTable('deadline_reminder_optouts', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.timestamp('at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('deadline_reminder_optouts');
  await knex.schema.dropTable('deadline_reminders');
  await knex.schema.dropTable('deadline_extensions');
  await knex.schema.alterTable('applications', (t) => {
    t.dropColumn('deadline_round');
  });
}
