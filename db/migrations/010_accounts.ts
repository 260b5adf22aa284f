import type { Knex } from 'knex';

/**
 * Accounts (issue 4): users, their logins, sessions, single-use codes and reset tokens (stored hashed),
 * rate-limiter state (shared by every web process), and answers carried across sign-up until the
 * answers API takes them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Always stored trimmed and lower-cased: one account per address whatever the case typed.
    t.text('username').notNullable().unique();
    t.text('password_hash').notNullable();
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('password_changed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
  });

  // §3 successful_login: one row per login.
  await knex.schema.createTable('user_logins', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('logged_in_at', { useTz: true }).notNullable();
    t.index(['user_id', 'logged_in_at']);
  });

  await knex.schema.createTable('sessions', (t) => {
    // sha256 of the cookie value: a database leak does not yield usable sessions.
    t.text('id_hash').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    t.index(['user_id']);
  });

  // At most one live confirmation code per user: a new one replaces (invalidates) the previous.
  await knex.schema.createTable('confirmation_codes', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('code_hmac').notNullable();
    t.integer('failed_attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });

  // At most one live reset token per user: a newer request supersedes the older link.
  await knex.schema.createTable('password_resets', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('token_hash').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });

  // Fixed-window counters (per-IP limits) and per-account login backoff, keyed by an HMAC so the
  // table holds no IP address or e-mail in clear.
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').primary();
    t.timestamp('window_started_at', { useTz: true }).notNullable();
    t.integer('hits').notNullable();
    t.timestamp('blocked_until', { useTz: true });
    t.index(['window_started_at']);
  });

  // Answers typed while logged out, handed over at login; the answers API (Lifecycle issue) takes them.
  await knex.schema.createTable('carried_answers', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.jsonb('answers').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['carried_answers', 'rate_limits', 'password_resets', 'confirmation_codes', 'sessions', 'user_logins', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
