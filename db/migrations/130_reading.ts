import type { Knex } from 'knex';

/**
 * The office's reading workflow (issue 37): each application's stage, who reads it in which round, the
 * reviews, the letter templates (versioned; the defaults are version 1), and release batches that can be
 * scheduled and cancelled. The decision row records which template version its letter came from.
 */

const DEFAULT_LETTERS: Record<'admit' | 'deny' | 'waitlist', string> = {
  admit: [
    'Dear {first_name},',
    '',
    'Congratulations! It is a pleasure to offer you admission for {entry_term} to study {major}.',
    '',
    'Your application showed us a student who will thrive here, and we are glad you chose to apply. Please let us know whether you accept our offer by {reply_date}. Your reference is {reference}; mention it whenever you write to us.',
    '',
    'We look forward to welcoming you.',
    '',
    'The Office of Admissions',
  ].join('\n'),
  deny: [
    'Dear {first_name},',
    '',
    'Thank you for applying for {entry_term} and for the time and care you put into your application.',
    '',
    'We read every application closely, and this was a difficult year: we had many more strong applicants than places. We are sorry that we cannot offer you admission. This decision says nothing about what you will achieve, and we wish you every success in the next step you take.',
    '',
    'If you have questions, write to us with your reference, {reference}.',
    '',
    'The Office of Admissions',
  ].join('\n'),
  waitlist: [
    'Dear {first_name},',
    '',
    'Thank you for applying for {entry_term} to study {major}. We were impressed by your application and would like to offer you a place on our waitlist.',
    '',
    'Places become available once admitted students have replied, usually after {reply_date}. If you would like to stay on the waitlist, there is nothing more you need to do; we will write to you as soon as we know more. Your reference is {reference}.',
    '',
    'The Office of Admissions',
  ].join('\n'),
};

export async function up(knex: Knex): Promise<void> {
  // Created at submission or on first read; 'decided' and 'released' are read from the decision row.
  await knex.schema.createTable('application_reading', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('stage').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['stage']);
  });
  await knex.schema.createTable('reading_assignments', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('reader').notNullable();
    // 'first' | 'second'
    t.text('round').notNullable();
    t.text('assigned_by').notNullable();
    t.timestamp('assigned_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'round']);
    t.index(['reader', 'assigned_at']);
  });
  await knex.schema.createTable('reading_reviews', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('reader').notNullable();
    t.text('round').notNullable();
    t.jsonb('answers').notNullable();
    t.timestamp('submitted_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'reader', 'round']);
  });
  await knex.schema.createTable('letter_templates', (t) => {
    t.bigIncrements('id').primary();
    t.text('decision').notNullable();
    t.integer('version').notNullable();
    t.text('body').notNullable();
    t.text('edited_by').notNullable();
    t.timestamp('edited_at', { useTz: true }).notNullable();
    t.unique(['decision', 'version']);
  });
  await knex.schema.createTable('release_batches', (t) => {
    t.bigIncrements('id').primary();
    t.text('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('scheduled_for', { useTz: true });
    // 'scheduled' | 'running' | 'done' | 'cancelled'
    t.text('status').notNullable();
    t.integer('released_count').notNullable().defaultTo(0);
    t.text('cancelled_by');
    t.timestamp('cancelled_at', { useTz: true });
    t.timestamp('done_at', { useTz: true });
  });
  await knex.schema.createTable('release_batch_items', (t) => {
    t.bigInteger('batch_id').notNullable().references('release_batches.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('removed_at', { useTz: true });
    t.primary(['batch_id', 'user_id']);
  });
  await knex.schema.alterTable('decisions', (t) => {
    t.integer('template_version');
    t.boolean('letter_edited');
  });
  const now = new Date();
  await knex('letter_templates').insert(
    (Object.keys(DEFAULT_LETTERS) as Array<keyof typeof DEFAULT_LETTERS>).map((decision) => ({
      decision,
      version: 1,
      body: DEFAULT_LETTERS[decision],
      edited_by: 'default',
      edited_at: now,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('decisions', (t) => {
    t.dropColumn('template_version');
    t.dropColumn('letter_edited');
  });
  for (const table of [
    'release_batch_items',
    'release_batches',
    'letter_templates',
    'reading_reviews',
    'reading_assignments',
    'application_reading',
  ])
    await knex.schema.dropTable(table);
}
