import type { Request, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { burnPasswordCheck, verifyPassword } from './passwords.server.js';
import { clearLoginFailures, reserveLoginAttempt } from './limits.server.js';
import { admitPasswordCheck } from './password-line.server.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, dropPresentedSession, endSession, startSession } from './session.server.js';
import { findUserByUsername, recordLogin } from '../../db/repos/users.server.js';
import { deleteExpiredSessions } from '../../db/repos/sessions.server.js';
import { keepCarriedAnswers, type CarriedAnswers } from '../../db/repos/carried-answers.server.js';
import { logins } from '../../platform/observability/metrics.server.js';

export const LOGIN_MESSAGES = {
  loggedIn: 'You are now logged in.',
  badCredentials: 'Incorrect username or password.',
  notConfirmed:
    'Your account is not confirmed yet. Enter the confirmation code we e-mailed you, or use "Resend confirmation code?" to get a new one.',
  loggedOut: 'You have been logged out.',
} as const;

export interface LoginInput {
  username: string;
  password: string;
  answers?: CarriedAnswers;
}

/**
 * Unknown address and wrong password give the same status and body, cost the same argon2 time and
 * count towards the same per-address backoff. Each success starts a new session (no fixation).
 */
export async function logIn(services: AppServices, req: Request, res: Response, input: LoginInput): Promise<{ message: string }> {
  admitPasswordCheck(services, res.locals.lang);
  // Counted as a failure before argon2 runs: parallel guesses cannot all pass a check made before any is recorded.
  await reserveLoginAttempt(services, input.username, res.locals.lang).catch((err: unknown) => {
    logins.inc({ outcome: 'backoff' });
    throw err;
  });
  const knex = services.db.knex;
  const user = await findUserByUsername(knex, input.username);
  const ok = user ? await verifyPassword(user.password_hash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!user || !ok) {
    logins.inc({ outcome: 'bad_credentials' });
    throw new HttpError(400, LOGIN_MESSAGES.badCredentials);
  }
  // The right password: the reserved attempt was no failure.
  await clearLoginFailures(services, input.username);
  // Only someone who knows the password learns that the account awaits confirmation.
  if (!user.confirmed_at) {
    logins.inc({ outcome: 'unconfirmed' });
    throw new HttpError(403, LOGIN_MESSAGES.notConfirmed, { unconfirmed: true });
  }
  logins.inc({ outcome: 'success' });
  await openSession(services, req, res, user.id, input.answers);
  return { message: LOGIN_MESSAGES.loggedIn };
}

/**
 * What every successful sign-in does, with a password or a passkey: a new session in place of any presented one (no
 * fixation), the §3 login row, the answers typed while logged out kept for the account, old sessions swept.
 */
export async function openSession(
  services: AppServices,
  req: Request,
  res: Response,
  userId: string,
  answers?: CarriedAnswers,
): Promise<void> {
  const knex = services.db.knex;
  await dropPresentedSession(services, req);
  await startSession(services, res, userId);
  const now = services.now();
  await recordLogin(knex, userId, now);
  if (answers && Object.keys(answers).length > 0) await keepCarriedAnswers(knex, userId, answers, now);
  await deleteExpiredSessions(knex, new Date(now.getTime() - SESSION_IDLE_MS), new Date(now.getTime() - SESSION_ABSOLUTE_MS));
}

export async function logOut(services: AppServices, req: Request, res: Response): Promise<{ message: string }> {
  await endSession(services, req, res);
  return { message: LOGIN_MESSAGES.loggedOut };
}
