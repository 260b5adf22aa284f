import type { Knex } from 'knex';
import { staffKeys } from '../../form/staff-keys.js';

/**
 * After submitting (issue 25): the transcript checklist, the counselor's requests, the e-mails about
 * them, and admission decisions. None of it touches `applications.answers`: a submitted application stays
 * final, and these rows record what happens to it afterwards.
 */
export async function up(knex: Knex): Promise<void> {
  // One row per submitted application, created in the submission's transaction.
  await knex.schema.createTable('transcript_checklist', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    // 'needed' (no counselor e-mail yet) | 'requested' | 'received'
    t.text('status').notNullable();
    // 'upload' | 'counselor' | 'office-paper' | 'office-etranscript' | 'integration'; null until received.
    t.text('received_via');
    t.timestamp('received_at', { useTz: true });
    // Where the request goes; the applicant may correct it on /completion (the submitted answer stays as it was).
    t.text('counselor_email');
    t.timestamp('requested_at', { useTz: true });
    // The counselor said "This is not my student": the applicant and the office see it until a new address.
    t.timestamp('not_my_student_at', { useTz: true });
    // Requests sent again on the applicant's or the office's word (the first is not counted).
    t.integer('resends').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['status']);
  });
  // One row per e-mail sent to a counselor address; only the newest unvoided one's link works.
  await knex.schema.createTable('counselor_requests', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('email').notNullable();
    // The link's token is an HMAC of this salt under SESSION_SECRET (so a reminder can repeat the same link);
    // only its sha256 is stored: the database alone cannot open the counselor page.
    t.text('salt').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    // Set when the applicant changes the address or a newer request replaces this one.
    t.timestamp('voided_at', { useTz: true });
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('reminder_1_sent_at', { useTz: true });
    t.timestamp('reminder_2_sent_at', { useTz: true });
    t.text('last_error');
    t.index(['user_id']);
  });
  await knex.schema.createTable('decisions', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    // 'admit' | 'deny' | 'waitlist'
    t.text('decision').notNullable();
    t.text('letter');
    t.text('recorded_by').notNullable();
    t.timestamp('recorded_at', { useTz: true }).notNullable();
    t.text('released_by');
    t.timestamp('released_at', { useTz: true });
    // The "An update on your application" e-mail went out (a retried job sends nothing twice).
    t.timestamp('notified_at', { useTz: true });
    t.index(['decision']);
  });
  // The staff desk finds applications by the start of their high school's name.
  const school = staffKeys().hsName.replace(/'/g, "''");
  await knex.raw(`create index applications_hs_name on applications ((lower(answers->>'${school}')) text_pattern_ops)`);
  await knex.raw(
    "alter table transcript_checklist add constraint transcript_checklist_status_check check (status in ('needed', 'requested', 'received'))",
  );
  await knex.raw("alter table decisions add constraint decisions_decision_check check (decision in ('admit', 'deny', 'waitlist'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists applications_hs_name');
  for (const table of ['decisions', 'counselor_requests', 'transcript_checklist']) await knex.schema.dropTableIfExists(table);
}
