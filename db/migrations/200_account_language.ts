import type { Knex } from 'knex';

/**
 * Spanish (issue 41, docs/i18n.md, ADR 0410): the language an account reads, so e-mails sent without a request
 * (the receipt, reminders, the counselor's request) go out in it. Null until the account makes a state-changing
 * request (sign-up included); then the language it was made in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('language');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('language');
  });
}
