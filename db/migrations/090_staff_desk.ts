import type { Knex } from 'knex';
import { staffKeys } from '../../form/staff-keys.js';

/**
 * The staff desk and the CRM integration (issue 17): staff sessions (hashed, separate from applicants'),
 * single use of staff sign-in links, the audit trail, integration clients' keys (hashed), the webhook
 * outbox, PDF bundle exports, and the indexes that keep the staff list and the integration feed
 * index-ordered at 100,000 applications.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_sessions', (t) => {
    t.text('id_hash').primary();
    t.text('email').notNullable();
    t.text('via').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
  });
  // A staff link is a signed token (minted without the database); its id is recorded here when used.
  await knex.schema.createTable('staff_link_redemptions', (t) => {
    t.text('jti_hash').primary();
    t.timestamp('redeemed_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('staff_audit', (t) => {
    t.bigIncrements('id');
    t.timestamp('at', { useTz: true }).notNullable();
    t.text('staff_email').notNullable();
    t.text('action').notNullable();
    // No foreign key: the trail outlives a deleted account.
    t.uuid('user_id');
    t.jsonb('detail').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.text('ip');
  });
  await knex.schema.createTable('integration_clients', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('key_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
  });
  await knex.raw('create unique index integration_clients_live_name on integration_clients (name) where revoked_at is null');
  await knex.schema.createTable('webhook_events', (t) => {
    t.bigIncrements('id');
    t.text('type').notNullable();
    t.uuid('user_id').notNullable();
    t.jsonb('payload').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_attempt_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.index(['status', 'id']);
  });
  await knex.schema.createTable('staff_exports', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('staff_email').notNullable();
    t.jsonb('filter').notNullable();
    t.text('status').notNullable();
    t.integer('done').notNullable().defaultTo(0);
    t.integer('total').notNullable().defaultTo(0);
    t.text('output_key');
    t.text('message');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('completed_at', { useTz: true });
  });

  const keys = staffKeys();
  const answer = (key: string) => `(answers->>'${key.replace(/'/g, "''")}')`;
  // The staff list: submitted first, newest first, keyset-paged on (moment, id) within each group, one
  // partial index per group (a boolean expression column would not match the planner's IS [NOT] NULL).
  await knex.raw(
    'create index applications_staff_submitted on applications ((coalesce(submitted_at, created_at)), user_id) where submitted_at is not null',
  );
  await knex.raw(
    'create index applications_staff_unsubmitted on applications ((coalesce(submitted_at, created_at)), user_id) where submitted_at is null',
  );
  // The integration feed: submitted applications, oldest first.
  await knex.raw('create index applications_submitted_feed on applications (submitted_at, user_id) where submitted_at is not null');
  await knex.raw(`create index applications_hs_ceeb on applications (${answer(keys.hsCeeb)})`);
  await knex.raw(`create index applications_entry_term on applications (${answer(keys.entryTerm)})`);
  await knex.raw(`create index applications_last_name on applications ((lower${answer(keys.lastName)}) text_pattern_ops)`);
  await knex.raw(`create index applications_first_name on applications ((lower${answer(keys.firstName)}) text_pattern_ops)`);
  await knex.raw('create index users_username_prefix on users (username text_pattern_ops)');
}

export async function down(knex: Knex): Promise<void> {
  for (const index of [
    'applications_staff_submitted',
    'applications_staff_unsubmitted',
    'applications_submitted_feed',
    'applications_hs_ceeb',
    'applications_entry_term',
    'applications_last_name',
    'applications_first_name',
  ]) {
    await knex.raw(`drop index if exists ${index}`);
  }
  await knex.raw('drop index if exists users_username_prefix');
  for (const table of [
    'staff_exports',
    'webhook_events',
    'integration_clients',
    'staff_audit',
    'staff_link_redemptions',
    'staff_sessions',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
