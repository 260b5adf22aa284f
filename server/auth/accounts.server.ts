import type { Lang } from '../../form/lang.js';
import { codeGuessKey } from '../../platform/rate-limit-keys.server.js';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { keyedHash, randomCode, sameHex } from './tokens.server.js';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords.server.js';
import { limitMailsTo } from './limits.server.js';
import { admitPasswordCheck } from './password-line.server.js';
import {
  CODE_LIFETIME_MINUTES,
  alreadyConfirmedMail,
  alreadyRegisteredMail,
  confirmationCodeMail,
  mailAfterResponse,
  sendInBackground,
} from './mails.server.js';
import { findUserByUsername, insertUser, markConfirmed } from '../../db/repos/users.server.js';
import { NO_ACCOUNT_ID, consumeCode, deleteCode, findCode, putCode } from '../../db/repos/auth-secrets.server.js';
import { clearKey, reserveAttempt } from '../../db/repos/rate-limits.server.js';

/**
 * Wrong guesses an account's codes survive together; the fifth wrong one kills the code. The budget belongs
 * to the account, not to a code, so a resend does not refill it: after the fifth failure each further guess
 * (with any code) waits CODE_GUESSES.blockMs, and an hour without failures forgets them.
 */
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_GUESSES = { blockMs: 15 * 60_000, forgetMs: 60 * 60_000 };

export const ACCOUNT_MESSAGES = {
  signedUp: 'We sent a confirmation code to your email address. Enter it below to confirm your account.',
  confirmed: 'Your account has been confirmed. You can now log in.',
  badCode: 'The confirmation code is incorrect or has expired. Please check it, or ask for a new code.',
  resent: 'If this email address has an account waiting for confirmation, we sent it a new confirmation code.',
} as const;

function codeHmac(services: AppServices, userId: string, code: string): string {
  return keyedHash(services.config.sessionSecret, 'confirmation-code', userId, code);
}

/**
 * Stores a new code for `userId` if that account awaits confirmation, and mails it. Called with NO_ACCOUNT_ID
 * for an unknown or confirmed address, it does the same work (code, HMAC, the one statement) and stores nothing.
 */
/** Stores a new code; returns it when stored (an unconfirmed account's), null otherwise. The caller mails it. */
async function issueCode(services: AppServices, userId: string): Promise<string | null> {
  const code = randomCode();
  const expires = new Date(services.now().getTime() + CODE_LIFETIME_MINUTES * 60_000);
  const stored = await putCode(services.db.knex, { user_id: userId, code_hmac: codeHmac(services, userId, code), expires_at: expires });
  return stored ? code : null;
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
/** `lang`: the request's language (docs/i18n.md), remembered on a new account and used for its e-mails. */
export async function signUp(
  services: AppServices,
  input: { username: string; password: string },
  lang: Lang = 'en',
): Promise<{ message: string }> {
  admitPasswordCheck(services, lang);
  await limitMailsTo(services, input.username, lang);
  assertNotCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  const knex = services.db.knex;
  const existing = await findUserByUsername(knex, input.username);
  const user =
    existing ??
    (await insertUser(knex, { username: input.username, password_hash: passwordHash, created_at: services.now(), language: lang }));
  if (!user) {
    // Lost a race with a concurrent sign-up of the same address: treat as registered.
    sendInBackground(services, alreadyRegisteredMail(services.config, input.username, lang));
  } else if (existing?.confirmed_at) {
    sendInBackground(services, alreadyRegisteredMail(services.config, input.username, lang));
  } else {
    const code = await issueCode(services, user.id);
    if (code) sendInBackground(services, confirmationCodeMail(services.config, input.username, code, lang));
  }
  return { message: ACCOUNT_MESSAGES.signedUp };
}

/** One answer for unknown address, no code, wrong, expired or dead code: nothing to enumerate. */
export async function confirmAccount(services: AppServices, input: { username: string; code: string }): Promise<{ message: string }> {
  const knex = services.db.knex;
  const user = await findUserByUsername(knex, input.username);
  const stored = user && !user.confirmed_at ? await findCode(knex, user.id) : null;
  if (!user || !stored) throw new HttpError(400, ACCOUNT_MESSAGES.badCode);
  const now = services.now();
  // Reserved before the comparison, like a login: parallel guesses cannot overrun the budget either.
  const guess = await reserveAttempt(knex, codeGuessKey(services, user.id), now, CODE_GUESSES.forgetMs, (failures) =>
    failures >= MAX_CODE_ATTEMPTS ? CODE_GUESSES.blockMs : 0,
  );
  const live = stored.expires_at.getTime() > now.getTime();
  const given = codeHmac(services, user.id, input.code);
  if (guess.allowed && live && sameHex(given, stored.code_hmac) && (await consumeCode(knex, user.id, stored.code_hmac))) {
    await markConfirmed(knex, user.id, now);
    await clearKey(knex, codeGuessKey(services, user.id));
    return { message: ACCOUNT_MESSAGES.confirmed };
  }
  if (!live || !guess.allowed || guess.failures >= MAX_CODE_ATTEMPTS) await deleteCode(knex, user.id);
  throw new HttpError(400, ACCOUNT_MESSAGES.badCode);
}

/**
 * A new code replaces the previous one. Same answer, and the same database work, whatever the address's state:
 * the code is issued for an unknown address too, against an id no account has (ADR 0010, no timing oracle).
 */
export async function resendCode(services: AppServices, input: { username: string }, lang: Lang = 'en'): Promise<{ message: string }> {
  await limitMailsTo(services, input.username, lang);
  const user = await findUserByUsername(services.db.knex, input.username);
  const code = await issueCode(services, user?.id ?? NO_ACCOUNT_ID);
  // The same call whatever the address; what to send (a code, a note that the account is confirmed, nothing) is decided after the answer.
  mailAfterResponse(services, () =>
    code
      ? confirmationCodeMail(services.config, input.username, code, lang)
      : user
        ? alreadyConfirmedMail(services.config, input.username, lang)
        : null,
  );
  return { message: ACCOUNT_MESSAGES.resent };
}
