import type { Knex } from 'knex';

/**
 * Documents (issue 6): one row per applicant and document question. The uploaded object and its
 * conversion to PDF live in the object store; this row says which object is current, what the
 * applicant called it, and where its conversion stands (§3 document answer, §4 conversion statuses).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('document_answers', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('answer_key').notNullable();
    // Server-made keys only (users/<id>/<answer key>/<random>); never derived from the file name.
    t.text('file_key').notNullable();
    // Sanitised display name; never used as a storage key or a command argument.
    t.text('file_name').notNullable();
    t.integer('file_size').notNullable();
    // UNPROCESSED | IN_PROGRESS | COMPLETED | FAILED; null once the conversion was deleted.
    t.text('status');
    t.text('message');
    // Deterministic from file_key, so a retried job overwrites rather than duplicates.
    t.text('output_key');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'answer_key']);
  });
  await knex.raw(
    "alter table document_answers add constraint document_answers_status_check check (status in ('UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('document_answers');
}
