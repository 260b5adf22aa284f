import type { Request } from 'express';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { webauthn } from './webauthn.server.js';
import type { AppServices } from '../../../platform/app-services.server.js';
import { HttpError } from '../../../platform/http-error.server.js';
import { PASSKEY_NAME_MAX_LENGTH, PASSKEY_TEXTS, type PasskeySummary } from '../../../contracts/passkeys.js';
import { countPasskeys, insertPasskey, listPasskeys, type PasskeyRow } from '../../../db/repos/passkeys.server.js';
import type { SessionUser } from '../session.server.js';
import { CHALLENGE_LIFETIME_MS, issueChallenge, takeAnsweredChallenge } from './challenges.server.js';
import { answeredChallenge, parseAttestation } from './browser-answer.server.js';
import { relyingParty } from './relying-party.server.js';
import { auditPasskey } from './audit.server.js';
import { translator, type Translate } from '../../../contracts/i18n/translate.js';
import { ES_ISLANDS } from '../../../contracts/i18n/es-catalogue.js';
import type { Lang } from '../../../form/lang.js';

/** The refusal of a sixth passkey with its number, in the request's language (the island shows it as it comes). */
function tooMany(say: Translate): HttpError {
  return new HttpError(400, say(PASSKEY_TEXTS.tooMany, { max: MAX_PASSKEYS }));
}

/** Passkeys one account may hold: enough for every device a student has, few enough to list on a phone. */
export const MAX_PASSKEYS = 10;

export function passkeySummary(row: PasskeyRow): PasskeySummary {
  return { id: row.id, name: row.name, createdAt: row.created_at.toISOString(), lastUsedAt: row.last_used_at?.toISOString() ?? null };
}

/**
 * Options for adding a passkey to the signed-in account: a discoverable credential (so signing in needs no address),
 * user verification required, no attestation (nothing about the device is asked), the account's passkeys excluded so
 * a device is not added twice. The WebAuthn user id is the account's id (no personal data); its name is the e-mail,
 * which only the student's own device shows.
 */
export async function passkeyRegistrationOptions(
  services: AppServices,
  user: SessionUser,
  lang: Lang = 'en',
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(services.db.knex, user.id);
  if (existing.length >= MAX_PASSKEYS) throw tooMany(translator(lang, ES_ISLANDS));
  const challenge = await issueChallenge(services, 'register', user.id);
  const rp = relyingParty(services.config);
  return (await webauthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: new Uint8Array(Buffer.from(user.id, 'utf8')),
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** The name given, or "Passkey 2" ("Llave de acceso 2") in the language of the page that added it. */
function nameOf(value: unknown, count: number, say: Translate): string {
  const name = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  return name === '' ? say(PASSKEY_TEXTS.defaultName, { count: count + 1 }) : name.slice(0, PASSKEY_NAME_MAX_LENGTH);
}

/**
 * Adds the passkey the browser made: the challenge taken (issued to this account for adding, unexpired, unused), then
 * origin, RP ID, user verification and the attestation's signature checked by @simplewebauthn/server.
 */
export async function addPasskey(
  services: AppServices,
  req: Request,
  user: SessionUser,
  lang: Lang = 'en',
): Promise<{ message: string; passkey: PasskeySummary }> {
  const say = translator(lang, ES_ISLANDS);
  const body = req.body as { name?: unknown } | null;
  const attestation = parseAttestation(body);
  const challenge = attestation ? answeredChallenge(attestation.response.clientDataJSON) : null;
  if (!attestation || !challenge) throw new HttpError(400, PASSKEY_TEXTS.badRequest);
  if (!(await takeAnsweredChallenge(services, challenge, 'register', user.id))) throw new HttpError(400, PASSKEY_TEXTS.addRefused);
  const rp = relyingParty(services.config);
  const { verifyRegistrationResponse } = await webauthn();
  const verified = await verifyRegistrationResponse({
    response: attestation,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) {
    await auditPasskey(services, req, 'passkey-add-refused', user.id, { reason: 'attestation' });
    throw new HttpError(400, PASSKEY_TEXTS.addRefused);
  }
  const { knex } = services.db;
  const count = await countPasskeys(knex, user.id);
  if (count >= MAX_PASSKEYS) throw tooMany(say);
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  const stored = await insertPasskey(knex, {
    user_id: user.id,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? attestation.response.transports ?? [],
    name: nameOf(body?.name, count, say),
    device_type: credentialDeviceType,
    backed_up: credentialBackedUp,
    created_at: services.now(),
  });
  if (!stored) throw new HttpError(400, PASSKEY_TEXTS.alreadyAdded);
  await auditPasskey(services, req, 'passkey-added', user.id, { passkey: stored.id });
  return { message: PASSKEY_TEXTS.added, passkey: passkeySummary(stored) };
}
