import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { familyCodeGuessKey } from '../../platform/rate-limit-keys.server.js';
import { keyedHash, randomCode, sameHex } from '../auth/tokens.server.js';
import { limitMailsTo } from '../auth/limits.server.js';
import { mailAfterResponse } from '../auth/mails.server.js';
import { CODE_GUESSES, MAX_CODE_ATTEMPTS } from '../auth/accounts.server.js';
import { isEmailAddress } from '../../form/email-address.js';
import { FAMILY_CODE_MINUTES, FAMILY_MESSAGES } from '../../contracts/family.js';
import { familyCodeMail } from '../../domain/mail/family-mail.server.js';
import {
  consumeFamilyCode,
  deleteFamilyCode,
  findFamilyCode,
  invitationsFor,
  markSignedIn,
  putCodeIfInvited,
} from '../../db/repos/family.server.js';
import { recordChecklistAudit } from '../../db/repos/after-submission.server.js';
import { clearKey, reserveAttempt } from '../../db/repos/rate-limits.server.js';
import type { Lang } from '../../form/lang.js';

/**
 * A family member signs in with an e-mailed one-time code (issue 39), never a password. Asking for a code answers
 * the same, does the same database work and takes the same time whether or not the address was invited (the mail,
 * or none, is decided after the answer); entering one answers the same for an unknown address, a wrong, expired or
 * used code. Guesses are reserved before the comparison against a budget per address that a new code does not
 * refill (as an applicant's confirmation code: 5 wrong guesses, then 15 minutes), and e-mails to an address are
 * limited as every other e-mail is.
 */

const CODE = /^\d{6}$/;

/** Per network address, every 15 minutes: asking for codes, and entering them (generous: a school shares one address). */
export const FAMILY_IP_LIMITS = {
  code: { max: 30, windowMs: 15 * 60_000 },
  signIn: { max: 100, windowMs: 15 * 60_000 },
} as const;

/** An address as typed: trimmed and lowercased, or a 400 when it is not an e-mail address at all. */
export function familyAddress(raw: unknown): string {
  const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (!isEmailAddress(email) || email.length > 254) throw new HttpError(400, FAMILY_MESSAGES.emailInvalid);
  return email;
}

const codeHmac = (services: AppServices, email: string, code: string) =>
  keyedHash(services.config.sessionSecret, 'family-code', email, code);

/** Stores and e-mails a new code when the address is invited; the same answer either way. */
/** `lang`: the family member's, as their browser chose it on the sign-in page (docs/i18n.md). */
export async function requestFamilyCode(services: AppServices, email: string, lang: Lang = 'en'): Promise<void> {
  await limitMailsTo(services, email);
  const code = randomCode();
  const expires = new Date(services.now().getTime() + FAMILY_CODE_MINUTES * 60_000);
  const stored = await putCodeIfInvited(services.db.knex, { email, code_hmac: codeHmac(services, email, code), expires_at: expires });
  mailAfterResponse(services, () => (stored ? familyCodeMail(services.config, email, code, lang) : null));
}

/** Checks and uses up the code; on success the address's invitations are marked signed in. A 400 otherwise. */
export async function redeemFamilyCode(services: AppServices, email: string, rawCode: unknown): Promise<void> {
  const knex = services.db.knex;
  const now = services.now();
  const code = typeof rawCode === 'string' ? rawCode.replace(/\s/g, '') : '';
  // Reserved first, for any address: parallel guesses cannot overrun the budget, and unknown addresses cost the same.
  const guess = await reserveAttempt(knex, familyCodeGuessKey(services, email), now, CODE_GUESSES.forgetMs, (failures) =>
    failures >= MAX_CODE_ATTEMPTS ? CODE_GUESSES.blockMs : 0,
  );
  const stored = await findFamilyCode(knex, email);
  const given = codeHmac(services, email, CODE.test(code) ? code : '------');
  const live = stored !== null && stored.expires_at.getTime() > now.getTime();
  if (guess.allowed && live && sameHex(given, stored.code_hmac) && (await consumeFamilyCode(knex, email, stored.code_hmac))) {
    await clearKey(knex, familyCodeGuessKey(services, email));
    await markSignedIn(knex, email, now);
    return;
  }
  // An expired code, or one guessed at too often, is dead: a new one must be asked for.
  if (stored && (!live || !guess.allowed || guess.failures >= MAX_CODE_ATTEMPTS)) await deleteFamilyCode(knex, email);
  throw new HttpError(400, FAMILY_MESSAGES.badCode);
}

/** A sign-in is written to each inviting applicant's audit trail, as `family:<address>` with the request's IP. */
export async function auditFamilySignIn(services: AppServices, email: string, ip: string | null): Promise<void> {
  const at = services.now();
  for (const invitation of await invitationsFor(services.db.knex, email))
    await recordChecklistAudit(services.db.knex, {
      at,
      actor: `family:${email}`,
      action: 'family-sign-in',
      userId: invitation.user_id,
      detail: { member: invitation.id },
      ip,
    });
}
