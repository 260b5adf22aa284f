import type { Knex } from 'knex';

/**
 * Counters in the database, so every web process sees the same limits (DESIGN §1).
 * Times come from the caller (the injectable clock), never from the database's now().
 */

/** Counts one hit in a fixed window; returns the hits so far and when the window started. */
export async function hit(knex: Knex, key: string, now: Date, windowMs: number): Promise<{ hits: number; windowStartedAt: Date }> {
  const windowStart = new Date(now.getTime() - windowMs);
  const { rows } = (await knex.raw(
    `insert into rate_limits (key, window_started_at, hits) values (?, ?, 1)
     on conflict (key) do update set
       hits = case when rate_limits.window_started_at <= ? then 1 else rate_limits.hits + 1 end,
       window_started_at = case when rate_limits.window_started_at <= ? then excluded.window_started_at else rate_limits.window_started_at end
     returning hits, window_started_at`,
    [key, now, windowStart, windowStart],
  )) as { rows: Array<{ hits: number; window_started_at: Date }> };
  const row = rows[0]!;
  return { hits: Number(row.hits), windowStartedAt: new Date(row.window_started_at) };
}

export interface Backoff {
  failures: number;
  blockedUntil: Date | null;
}

export async function readBackoff(knex: Knex, key: string): Promise<Backoff | null> {
  const row = (await knex('rate_limits').where({ key }).first()) as { hits: number; blocked_until: Date | null } | undefined;
  return row ? { failures: Number(row.hits), blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null } : null;
}

/**
 * Records one failure; failures older than `forgetMs` are forgotten first. `delayFor(failures)` gives
 * how long further attempts wait (0 = none).
 */
export async function recordFailure(
  knex: Knex,
  key: string,
  now: Date,
  forgetMs: number,
  delayFor: (failures: number) => number,
): Promise<Backoff> {
  const { hits } = await hit(knex, key, now, forgetMs);
  // Each failure restarts the forgetting window: a slow, steady guesser keeps the count.
  const delay = delayFor(hits);
  const blockedUntil = delay > 0 ? new Date(now.getTime() + delay) : null;
  await knex('rate_limits').where({ key }).update({ window_started_at: now, blocked_until: blockedUntil });
  return { failures: hits, blockedUntil };
}

export async function clearKey(knex: Knex, key: string): Promise<void> {
  await knex('rate_limits').where({ key }).delete();
}

/** Housekeeping: windows that started before `before` no longer limit anyone. */
export async function deleteStale(knex: Knex, before: Date): Promise<void> {
  await knex('rate_limits').where('window_started_at', '<', before).where((q) => q.whereNull('blocked_until').orWhere('blocked_until', '<', before)).delete();
}
