import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { TestContext } from './app.js';
import { insertUser, markConfirmed } from '../../db/repos/users.server.js';
import { insertSession } from '../../db/repos/sessions.server.js';
import { randomToken } from '../../server/auth/tokens.server.js';
import { sessionIdHash } from '../../server/auth/session.server.js';
import { TEST_SESSION_SECRET } from './config.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';

export interface TestUser {
  id: string;
  username: string;
  /** "name=value" for supertest's Cookie header. */
  cookie: string;
}

/**
 * A confirmed applicant with a live session, made through the repositories (no mail, no rate limits):
 * for tests of what logged-in students do. The account flows themselves are tested in auth-*.test.ts.
 */
export async function createLoggedInUser(ctx: TestContext, username?: string): Promise<TestUser> {
  return createUserWithSession(ctx.db.knex, ctx.services.now(), username);
}

/** The same against any database (e.g. the one a server child process uses, with TEST_SESSION_SECRET). */
export async function createUserWithSession(
  knex: Knex,
  now: Date,
  username = `applicant-${randomBytes(4).toString('hex')}@example.edu`,
): Promise<TestUser> {
  const user = await insertUser(knex, { username, password_hash: 'not-a-real-hash', created_at: now });
  if (!user) throw new Error(`user ${username} exists`);
  await markConfirmed(knex, user.id, now);
  await knex('user_logins').insert({ user_id: user.id, logged_in_at: now });
  const sessionId = randomToken();
  await insertSession(knex, {
    id_hash: sessionIdHash(TEST_SESSION_SECRET, sessionId),
    user_id: user.id,
    created_at: now,
    last_seen_at: now,
  });
  return { id: user.id, username, cookie: `${SESSION_COOKIE}=${sessionId}` };
}
