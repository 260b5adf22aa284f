/**
 * The deadline scenario's applicants, made in the database directly (argon2 and thousands of sign-ups would
 * dominate the setup): one template applicant saves the complete answers through the real server, then its
 * rows (the application and whatever else a save made for it) are copied for every applicant, each with a
 * confirmed account, a login and a live session.
 */
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { randomToken } from '../../server/auth/tokens.server.js';
import { sessionIdHash } from '../../server/auth/session.server.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { createUserWithSession } from '../helpers/users.js';

export interface SeededApplicant {
  id: string;
  username: string;
  cookie: string;
}

/** Tables a save may have written a template row to, beside `applications`, which are copied per applicant. */
async function userTables(knex: Knex): Promise<string[]> {
  const rows = (
    await knex.raw(
      "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' and table_name not in ('users', 'sessions', 'user_logins')",
    )
  ).rows as Array<{ table_name: string }>;
  return rows.map((r) => r.table_name);
}

/** Copies `table`'s rows of the template to each of `ids`, leaving generated columns (serial ids) to their defaults. */
async function copyRows(knex: Knex, table: string, templateId: string, ids: string[]): Promise<void> {
  const columns = (
    await knex.raw(
      "select column_name from information_schema.columns where table_schema = 'public' and table_name = ? and column_name <> 'user_id' and coalesce(column_default, '') not like 'nextval%' and is_generated = 'NEVER'",
      [table],
    )
  ).rows.map((r: { column_name: string }) => `"${r.column_name}"`) as string[];
  const list = columns.join(', ');
  await knex.raw(
    `insert into "${table}" (user_id${list ? `, ${list}` : ''}) select u.id${list ? `, ${columns.map((c) => `t.${c}`).join(', ')}` : ''} from "${table}" t cross join unnest(?::uuid[]) as u(id) where t.user_id = ?`,
    [ids, templateId],
  );
}

/**
 * `count` applicants named `deadline-<runId>-<i>@example.com`, each with the complete application of the template
 * and a session cookie; `saveAnswers` saves the template's answers through the server (PUT /api/answer).
 */
export async function seedCompleteApplicants(
  databaseUrl: string,
  runId: string,
  count: number,
  saveAnswers: (cookie: string, answers: Record<string, string | boolean>) => Promise<void>,
): Promise<SeededApplicant[]> {
  const knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });
  try {
    const now = new Date();
    const template = await createUserWithSession(knex, now, `deadline-${runId}-template@example.com`);
    await saveAnswers(template.cookie, COMPLETE_ANSWERS);
    const tables = await userTables(knex);
    const applicants: SeededApplicant[] = [];
    const passwordHash = `not-a-real-hash-${randomBytes(4).toString('hex')}`;
    for (let from = 0; from < count; from += 500) {
      const batch = Array.from({ length: Math.min(500, count - from) }, (_, i) => `deadline-${runId}-${from + i}@example.com`);
      await knex.transaction(async (trx) => {
        const users = (await trx('users')
          .insert(batch.map((username) => ({ username, password_hash: passwordHash, confirmed_at: now, created_at: now })))
          .returning(['id', 'username'])) as Array<{ id: string; username: string }>;
        const ids = users.map((u) => u.id);
        for (const table of tables) await copyRows(trx, table, template.id, ids);
        await trx('user_logins').insert(ids.map((id) => ({ user_id: id, logged_in_at: now })));
        const sessions = users.map((u) => ({ user: u, token: randomToken() }));
        await trx('sessions').insert(
          sessions.map((s) => ({
            id_hash: sessionIdHash(TEST_SESSION_SECRET, s.token),
            user_id: s.user.id,
            created_at: now,
            last_seen_at: now,
          })),
        );
        for (const s of sessions) applicants.push({ id: s.user.id, username: s.user.username, cookie: `${SESSION_COOKIE}=${s.token}` });
      });
    }
    // The template is nobody's application: it would be counted as one never submitted.
    await knex('users').where({ id: template.id }).delete();
    return applicants;
  } finally {
    await knex.destroy();
  }
}
