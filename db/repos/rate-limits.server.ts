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

export type Reservation = { allowed: true; failures: number } | { allowed: false; blockedUntil: Date };

/**
 * Reserves one attempt before it is evaluated, under the key's row lock: refused while the key is blocked,
 * otherwise counted as a failure at once (and the block set when that count calls for one). The caller
 * clears the key on success. N parallel attempts therefore evaluate at most the free allowance: each waits
 * for the lock and sees the reservations before it (PostgreSQL and PGlite alike).
 */
export async function reserveAttempt(
  knex: Knex,
  key: string,
  now: Date,
  forgetMs: number,
  delayFor: (failures: number) => number,
): Promise<Reservation> {
  return knex.transaction(async (trx) => {
    await trx.raw('insert into rate_limits (key, window_started_at, hits) values (?, ?, 0) on conflict (key) do nothing', [key, now]);
    const row = (await trx('rate_limits').where({ key }).forUpdate().first()) as {
      hits: number;
      window_started_at: Date;
      blocked_until: Date | null;
    };
    const blockedUntil = row.blocked_until ? new Date(row.blocked_until) : null;
    if (blockedUntil && blockedUntil.getTime() > now.getTime()) return { allowed: false as const, blockedUntil };
    // Failures older than `forgetMs` are forgotten; each one restarts that window (a slow guesser keeps the count).
    const forgotten = new Date(row.window_started_at).getTime() <= now.getTime() - forgetMs;
    const failures = (forgotten ? 0 : Number(row.hits)) + 1;
    const delay = delayFor(failures);
    await trx('rate_limits')
      .where({ key })
      .update({ hits: failures, window_started_at: now, blocked_until: delay > 0 ? new Date(now.getTime() + delay) : null });
    return { allowed: true as const, failures };
  });
}

export async function clearKey(knex: Knex, key: string): Promise<void> {
  await knex('rate_limits').where({ key }).delete();
}

/** Housekeeping: windows that started before `before` no longer limit anyone. */
export async function deleteStale(knex: Knex, before: Date): Promise<void> {
  await knex('rate_limits')
    .where('window_started_at', '<', before)
    .where((q) => q.whereNull('blocked_until').orWhere('blocked_until', '<', before))
    .delete();
}
