import type { Request, Response } from 'express';
import { PASSKEY_SIGN_IN_TEXTS } from '../../../contracts/passkey-sign-in.js';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { webauthn } from './webauthn.server.js';
import type { AppServices } from '../../../platform/app-services.server.js';
import { HttpError } from '../../../platform/http-error.server.js';
import { logins } from '../../../platform/observability/metrics.server.js';
import { carriedAnswersOf } from '../../../contracts/auth-check.js';
import { findPasskeyByCredentialId, recordPasskeyUse } from '../../../db/repos/passkeys.server.js';
import { findUserById } from '../../../db/repos/users.server.js';
import { clearLoginFailures, reserveLoginAttempt } from '../limits.server.js';
import { openSession } from '../login.server.js';
import { CHALLENGE_LIFETIME_MS, issueChallenge, takeAnsweredChallenge } from './challenges.server.js';
import { answeredChallenge, parseAssertion } from './browser-answer.server.js';
import { relyingParty } from './relying-party.server.js';
import { auditPasskey } from './audit.server.js';

/**
 * Sign-in options: a fresh challenge and no list of credentials (the browser offers the passkeys it holds for this
 * site, discoverable credentials), so nothing about any account is asked or told.
 */
export async function passkeySignInOptions(services: AppServices): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const challenge = await issueChallenge(services, 'sign-in', null);
  return (await webauthn()).generateAuthenticationOptions({
    rpID: relyingParty(services.config).id,
    challenge: Buffer.from(challenge, 'base64url'),
    userVerification: 'required',
    timeout: CHALLENGE_LIFETIME_MS,
  });
}

/** Why an assertion was refused: written to the audit trail, never told to the browser. */
type Refusal = 'malformed' | 'challenge' | 'unknown-credential' | 'signature' | 'user-handle' | 'unconfirmed' | 'counter';

/**
 * Signs in with a passkey: the challenge taken (single-use, unexpired, issued for sign-in), the credential found, the
 * account's login backoff reserved as a password attempt would (atomic: parallel forgeries cannot exceed it), then
 * the signature, origin, RP ID, user verification and counter checked by @simplewebauthn/server. Every refusal is
 * the same 400 with no session, counted and audited with its reason.
 */
export async function signInWithPasskey(services: AppServices, req: Request, res: Response): Promise<{ message: string }> {
  const refuse = async (reason: Refusal, userId: string | null = null): Promise<never> => {
    logins.inc({ outcome: 'passkey_refused' });
    await auditPasskey(services, req, 'passkey-sign-in-refused', userId, { reason });
    throw new HttpError(400, PASSKEY_SIGN_IN_TEXTS.refused);
  };
  const body: unknown = req.body;
  const assertion = parseAssertion(body);
  const carried = carriedAnswersOf((body as { answers?: unknown } | null)?.answers);
  const challenge = assertion ? answeredChallenge(assertion.response.clientDataJSON) : null;
  if (!assertion || !challenge || !carried.ok) return refuse('malformed');
  if (!(await takeAnsweredChallenge(services, challenge, 'sign-in', null))) return refuse('challenge');

  const { knex } = services.db;
  const passkey = await findPasskeyByCredentialId(knex, assertion.id);
  if (!passkey) return refuse('unknown-credential');
  const user = await findUserById(knex, passkey.user_id);
  if (!user) return refuse('unknown-credential');
  await reserveLoginAttempt(services, user.username, res.locals.lang).catch((err: unknown) => {
    logins.inc({ outcome: 'passkey_backoff' });
    throw err;
  });

  const rp = relyingParty(services.config);
  const { verifyAuthenticationResponse } = await webauthn();
  const verified = await verifyAuthenticationResponse({
    response: assertion,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports,
    },
  }).catch(() => null);
  if (!verified?.verified) return refuse('signature', user.id);
  // The authenticator says whose passkey it is: it must be the account the credential is stored for.
  const handle = assertion.response.userHandle;
  if (handle !== undefined && Buffer.from(handle, 'base64url').toString('utf8') !== user.id) return refuse('user-handle', user.id);
  if (!user.confirmed_at) return refuse('unconfirmed', user.id);
  // Conditional on the counter read above: of two racing uses of one passkey only one signs in.
  const now = services.now();
  if (!(await recordPasskeyUse(knex, passkey.id, passkey.counter, verified.authenticationInfo.newCounter, now)))
    return refuse('counter', user.id);

  await clearLoginFailures(services, user.username);
  logins.inc({ outcome: 'passkey_success' });
  await openSession(services, req, res, user.id, carried.answers);
  await auditPasskey(services, req, 'passkey-sign-in', user.id, { passkey: passkey.id });
  return { message: PASSKEY_SIGN_IN_TEXTS.signedIn };
}
