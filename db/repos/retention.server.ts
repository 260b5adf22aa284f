import type { Knex } from 'knex';

export interface IdleAccount {
  id: string;
  username: string;
  /** The account's language (migration 200), for the warning e-mail. */
  language: string | null;
  last_active_at: Date;
  retention_warned_at: Date | null;
}

/**
 * When an account was last used: created, confirmed, a password set, a login, a request in a session, an answer
 * saved. `greatest` skips nulls (PostgreSQL and PGlite alike).
 */
const LAST_ACTIVE = `greatest(
  u.created_at, u.confirmed_at, u.password_changed_at, a.updated_at,
  (select max(l.logged_in_at) from user_logins l where l.user_id = u.id),
  (select max(s.last_seen_at) from sessions s where s.user_id = u.id)
)`;

/**
 * Unsubmitted accounts last used at or before `usedBefore`, and those warned but used since (their warning no
 * longer holds), oldest first, at most `limit`.
 */
export async function idleUnsubmittedAccounts(knex: Knex, usedBefore: Date, limit: number): Promise<IdleAccount[]> {
  const result = (await knex.raw(
    `select * from (
       select u.id, u.username, u.language, u.retention_warned_at, ${LAST_ACTIVE} as last_active_at
       from users u left join applications a on a.user_id = u.id
       where a.submitted_at is null
     ) idle
     where last_active_at <= ? or (retention_warned_at is not null and last_active_at > retention_warned_at)
     order by last_active_at, id
     limit ?`,
    [usedBefore, limit],
  )) as { rows: Array<IdleAccount & { last_active_at: Date | string; retention_warned_at: Date | string | null }> };
  return result.rows.map((row) => ({
    ...row,
    last_active_at: new Date(row.last_active_at),
    retention_warned_at: row.retention_warned_at ? new Date(row.retention_warned_at) : null,
  }));
}

export async function setRetentionWarning(knex: Knex, userId: string, at: Date | null): Promise<void> {
  await knex('users').where({ id: userId }).update({ retention_warned_at: at });
}

/** Submitted applications whose retention period has passed (submitted at or before `submittedBefore`). */
export async function expiredSubmissions(
  knex: Knex,
  submittedBefore: Date,
  limit: number,
): Promise<Array<{ user_id: string; reference: string | null; submitted_at: Date }>> {
  return knex('applications')
    .whereNotNull('submitted_at')
    .where('submitted_at', '<=', submittedBefore)
    .orderBy('submitted_at')
    .limit(limit)
    .select('user_id', 'reference', 'submitted_at');
}
