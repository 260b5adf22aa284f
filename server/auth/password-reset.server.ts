import type { Lang } from '../../form/lang.js';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { randomToken, sha256 } from './tokens.server.js';
import { hashPassword } from './passwords.server.js';
import { clearLoginFailures, limitMailsTo } from './limits.server.js';
import { admitPasswordCheck } from './password-line.server.js';
import { assertNotCommon } from './accounts.server.js';
import { RESET_LIFETIME_MINUTES, passwordChangedMail, mailAfterResponse, resetLinkMail, sendInBackground } from './mails.server.js';
import { AUTH_MESSAGES } from '../../contracts/auth-check.js';
import { findUserByUsername, markConfirmed, updatePassword } from '../../db/repos/users.server.js';
import { NO_ACCOUNT_ID, consumeReset, deleteCode, putReset } from '../../db/repos/auth-secrets.server.js';
import { deleteUserSessions } from '../../db/repos/sessions.server.js';

export const RESET_MESSAGES = {
  requested: 'If an account exists for this email address, we sent it a link to reset your password. Please check your email.',
  done: 'Your password has been reset. Please log in with your new password.',
} as const;

/**
 * Same answer, and the same database work, for known and unknown addresses: the token is made and the one
 * upsert runs for an unknown address too, against an id no account has (no timing oracle). The newest link
 * replaces any earlier one.
 */
export async function requestPasswordReset(
  services: AppServices,
  input: { username: string },
  lang: Lang = 'en',
): Promise<{ message: string }> {
  await limitMailsTo(services, input.username, lang);
  const user = await findUserByUsername(services.db.knex, input.username);
  const token = randomToken();
  const expires = new Date(services.now().getTime() + RESET_LIFETIME_MINUTES * 60_000);
  const stored = await putReset(services.db.knex, { user_id: user?.id ?? NO_ACCOUNT_ID, token_hash: sha256(token), expires_at: expires });
  mailAfterResponse(services, () => (stored ? resetLinkMail(services.config, input.username, token, lang) : null));
  return { message: RESET_MESSAGES.requested };
}

/**
 * The token is bound to its username, used once, and dies after the lifetime. A reset proves the
 * mailbox, so it also confirms an unconfirmed account; it ends every session of the account.
 */
export async function resetPassword(
  services: AppServices,
  input: { username: string; password: string; id: string },
  lang?: Lang,
): Promise<{ message: string }> {
  admitPasswordCheck(services, lang);
  assertNotCommon(input.password);
  const knex = services.db.knex;
  const user = await findUserByUsername(knex, input.username);
  const row = user ? await consumeReset(knex, user.id, sha256(input.id)) : null;
  if (!user || !row || row.expires_at.getTime() <= services.now().getTime()) throw new HttpError(400, AUTH_MESSAGES.resetLink);
  const now = services.now();
  await updatePassword(knex, user.id, await hashPassword(input.password), now);
  await markConfirmed(knex, user.id, now);
  await deleteCode(knex, user.id);
  await deleteUserSessions(knex, user.id);
  await clearLoginFailures(services, input.username);
  sendInBackground(services, passwordChangedMail(services.config, input.username));
  return { message: RESET_MESSAGES.done };
}
