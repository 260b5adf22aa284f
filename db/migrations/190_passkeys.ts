import type { Knex } from 'knex';

/**
 * Passkeys (issue 41, ADR 0340): an account's WebAuthn credentials, and the challenges handed out for adding one or
 * signing in with one. A challenge is kept only as its SHA-256 (a leaked table holds no usable challenge), lives
 * five minutes and is deleted by the request that uses it, so it answers once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('passkeys', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // The credential's id as the browser sends it (base64url): what a sign-in looks the passkey up by.
    t.text('credential_id').notNullable().unique();
    // The COSE public key, base64url: text keeps PostgreSQL and PGlite alike (no bytea differences).
    t.text('public_key').notNullable();
    // The authenticator's signature counter (unsigned 32 bits: beyond integer).
    t.bigInteger('counter').notNullable().defaultTo(0);
    t.jsonb('transports').notNullable().defaultTo('[]');
    t.text('name').notNullable();
    t.text('device_type').notNullable();
    t.boolean('backed_up').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_used_at', { useTz: true });
    t.index(['user_id']);
  });
  await knex.schema.createTable('passkey_challenges', (t) => {
    t.text('challenge_hash').primary();
    t.text('purpose').notNullable();
    // Adding a passkey: the account it was handed to; signing in: null (nobody is known yet).
    t.uuid('user_id').references('users.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('passkey_challenges');
  await knex.schema.dropTable('passkeys');
}
