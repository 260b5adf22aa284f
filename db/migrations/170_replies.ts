import type { Knex } from 'knex';

/**
 * Replies to an offer (issue 39, docs/after-submission.md "Replies and deposits"): one row per application whose
 * released decision asks for a reply (admit: enroll or not; waitlist: stay on the list or not), with the
 * enrollment deposit's waiver request and the lead's answer to it. Every change is also a line in the audit trail
 * and a `reply.received` webhook; `version` counts the changes, so a form based on an older reply is refused.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('enrollment_replies', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    // 'enroll' | 'decline' (to an admit) | 'stay' | 'leave' (to a waitlist)
    t.text('answer').notNullable();
    // Where the applicant goes instead (decline): the college lookup's record when the name matched one, else as typed.
    t.text('college_name');
    t.text('college_lookup_id');
    t.timestamp('replied_at', { useTz: true }).notNullable();
    // 'applicant' or the staff e-mail of the office member who recorded it.
    t.text('replied_by').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    // The deposit waiver: null (none asked), 'requested', 'approved', 'declined'; decided once, by a lead.
    t.text('waiver_status');
    t.text('waiver_reason');
    t.timestamp('waiver_requested_at', { useTz: true });
    t.text('waiver_decided_by');
    t.timestamp('waiver_decided_at', { useTz: true });
    t.index(['answer']);
    t.index(['waiver_status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('enrollment_replies');
}
