import type { Knex } from 'knex';

/**
 * Kept answers belong to one account and one browser (issue 23 finding 1). `owner` is the id of the account whose
 * page posted them after its session had ended, or '' for a visitor's own answers (typed before any login). One
 * browser can hold both, so the key is the browser's token and the owner together. received_at is indexed: expired
 * rows are purged on every write.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('kept_answers', (t) => {
    t.text('owner').notNullable().defaultTo('');
  });
  await knex.schema.alterTable('kept_answers', (t) => {
    t.dropPrimary();
    t.primary(['token_hash', 'owner']);
    t.index(['received_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('kept_answers').whereNot({ owner: '' }).delete();
  await knex.schema.alterTable('kept_answers', (t) => {
    t.dropIndex(['received_at']);
    t.dropPrimary();
    t.primary(['token_hash']);
    t.dropColumn('owner');
  });
}
