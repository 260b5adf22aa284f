import type { Knex } from 'knex';

/**
 * Teacher recommendations and e-mail bounces (issue 39). An applicant names up to two teachers (before or after
 * submitting); each invitation is a row with its own link (only the token's hash is kept, like a counselor's).
 * Changing a teacher's address voids the row and starts a new one in the same slot. A letter arrives as a file
 * (the document `recommendation-letter-<id>`, converted like any upload) or as typed text kept here.
 * Bounces: a permanent SMTP refusal of an e-mail to a counselor or a teacher is recorded on its row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recommendations', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // 1 or 2: the applicant's first or second teacher.
    t.integer('slot').notNullable();
    t.text('teacher_name').notNullable();
    t.text('email').notNullable();
    t.text('subject').notNullable();
    t.text('salt').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    // The applicant replaced this teacher or address: the link is dead and nobody is reminded.
    t.timestamp('voided_at', { useTz: true });
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('reminder_1_sent_at', { useTz: true });
    t.timestamp('reminder_2_sent_at', { useTz: true });
    t.timestamp('opened_at', { useTz: true });
    // A letter was handed in (a file being checked, or text): the link takes no second one.
    t.timestamp('letter_submitted_at', { useTz: true });
    // 'file' | 'text'; received_at only once a file has passed the conversion (or at once for text).
    t.text('received_via');
    t.timestamp('received_at', { useTz: true });
    t.text('letter_text');
    t.timestamp('declined_at', { useTz: true });
    t.text('decline_reason');
    // The teacher's mail server refused our e-mail permanently (5xx): the applicant is asked for another address.
    t.timestamp('refused_at', { useTz: true });
    t.text('refused_reply');
    t.text('last_error');
    t.index(['user_id']);
  });
  // At most one live invitation per slot, whoever writes at once.
  await knex.raw('create unique index recommendations_live_slot on recommendations (user_id, slot) where voided_at is null');
  await knex.raw('alter table recommendations add constraint recommendations_slot_check check (slot in (1, 2))');
  // The FERPA waiver: asked once, before the first invitation goes out; final from then on.
  await knex.schema.createTable('recommendation_waivers', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.boolean('waived').notNullable();
    t.timestamp('answered_at', { useTz: true }).notNullable();
  });
  await knex.schema.alterTable('counselor_requests', (t) => {
    t.timestamp('refused_at', { useTz: true });
    t.text('refused_reply');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('counselor_requests', (t) => {
    t.dropColumns('refused_at', 'refused_reply');
  });
  await knex.schema.dropTableIfExists('recommendation_waivers');
  await knex.schema.dropTableIfExists('recommendations');
}
