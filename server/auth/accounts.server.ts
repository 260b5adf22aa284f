import type { AppServices } from '../services.server.js';
import { HttpError } from '../http-error.server.js';
import { keyedHash, randomCode, sameHex } from './tokens.server.js';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords.server.js';
import { limitMailsTo } from './limits.server.js';
import { CODE_LIFETIME_MINUTES, alreadyConfirmedMail, alreadyRegisteredMail, confirmationCodeMail, sendInBackground } from './mails.server.js';
import { findUserByUsername, insertUser, markConfirmed } from '../../db/repos/users.server.js';
import { consumeCode, countFailedCode, deleteCode, findCode, putCode } from '../../db/repos/auth-secrets.server.js';

/** Wrong guesses a code survives; the fifth wrong one kills it (a new code is needed). */
export const MAX_CODE_ATTEMPTS = 5;

export const ACCOUNT_MESSAGES = {
  signedUp: 'We sent a confirmation code to your email address. Enter it below to confirm your account.',
  confirmed: 'Your account has been confirmed. You can now log in.',
  badCode: 'The confirmation code is incorrect or has expired. Please check it, or ask for a new code.',
  resent: 'If this email address has an account waiting for confirmation, we sent it a new confirmation code.',
} as const;

function codeHmac(services: AppServices, userId: string, code: string): string {
  return keyedHash(services.config.sessionSecret, 'confirmation-code', userId, code);
}

async function issueCode(services: AppServices, userId: string, username: string): Promise<void> {
  const code = randomCode();
  const expires = new Date(services.now().getTime() + CODE_LIFETIME_MINUTES * 60_000);
  await putCode(services.db.knex, { user_id: userId, code_hmac: codeHmac(services, userId, code), expires_at: expires });
  sendInBackground(services, confirmationCodeMail(services.config, username, code));
}

export function assertNotCommon(password: string): void {
  if (isCommonPassword(password)) throw new HttpError(400, COMMON_PASSWORD_MESSAGE, { errors: { password: [COMMON_PASSWORD_MESSAGE] } });
}

/**
 * Sign-up. A registered address gets the same answer (and the same argon2 cost) as a new one; its
 * owner receives an e-mail saying so instead. A second sign-up for an unconfirmed account sends a
 * fresh code but never replaces the first password: otherwise whoever signed up last would choose the
 * password of an account the mailbox owner then confirms.
 */
export async function signUp(services: AppServices, input: { username: string; password: string }): Promise<{ message: string }> {
  await limitMailsTo(services, input.username);
  assertNotCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  const knex = services.db.knex;
  const existing = await findUserByUsername(knex, input.username);
  const user = existing ?? (await insertUser(knex, { username: input.username, password_hash: passwordHash, created_at: services.now() }));
  if (!user) {
    // Lost a race with a concurrent sign-up of the same address: treat as registered.
    sendInBackground(services, alreadyRegisteredMail(services.config, input.username));
  } else if (existing?.confirmed_at) {
    sendInBackground(services, alreadyRegisteredMail(services.config, input.username));
  } else {
    await issueCode(services, user.id, input.username);
  }
  return { message: ACCOUNT_MESSAGES.signedUp };
}

/** One answer for unknown address, no code, wrong, expired or dead code: nothing to enumerate. */
export async function confirmAccount(services: AppServices, input: { username: string; code: string }): Promise<{ message: string }> {
  const knex = services.db.knex;
  const user = await findUserByUsername(knex, input.username);
  const stored = user && !user.confirmed_at ? await findCode(knex, user.id) : null;
  if (!user || !stored) throw new HttpError(400, ACCOUNT_MESSAGES.badCode);
  const given = codeHmac(services, user.id, input.code);
  const live = stored.expires_at.getTime() > services.now().getTime() && stored.failed_attempts < MAX_CODE_ATTEMPTS;
  if (live && sameHex(given, stored.code_hmac) && (await consumeCode(knex, user.id, stored.code_hmac))) {
    await markConfirmed(knex, user.id, services.now());
    return { message: ACCOUNT_MESSAGES.confirmed };
  }
  if (live) {
    const failures = await countFailedCode(knex, user.id, stored.code_hmac);
    if (failures >= MAX_CODE_ATTEMPTS) await deleteCode(knex, user.id);
  } else {
    await deleteCode(knex, user.id);
  }
  throw new HttpError(400, ACCOUNT_MESSAGES.badCode);
}

/** A new code replaces the previous one. Same answer whatever the address's state. */
export async function resendCode(services: AppServices, input: { username: string }): Promise<{ message: string }> {
  await limitMailsTo(services, input.username);
  const user = await findUserByUsername(services.db.knex, input.username);
  if (user && !user.confirmed_at) await issueCode(services, user.id, input.username);
  else if (user) sendInBackground(services, alreadyConfirmedMail(services.config, input.username));
  return { message: ACCOUNT_MESSAGES.resent };
}
