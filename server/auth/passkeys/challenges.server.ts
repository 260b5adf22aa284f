import { randomBytes } from 'node:crypto';
import type { AppServices } from '../../../platform/app-services.server.js';
import { sha256 } from '../tokens.server.js';
import { putChallenge, takeChallenge, type ChallengePurpose } from '../../../db/repos/passkeys.server.js';

/** How long the browser has to answer a challenge: the WebAuthn dialog's own timeout is the same. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/**
 * A new challenge (256 random bits, base64url as WebAuthn carries it). The database keeps only its SHA-256, with
 * its purpose, the account it was handed to (adding a passkey) and when it expires.
 */
export async function issueChallenge(services: AppServices, purpose: ChallengePurpose, userId: string | null): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  const now = services.now();
  await putChallenge(
    services.db.knex,
    { challenge_hash: sha256(challenge), purpose, user_id: userId, expires_at: new Date(now.getTime() + CHALLENGE_LIFETIME_MS) },
    now,
  );
  return challenge;
}

/**
 * The challenge a browser's answer signed (from its clientDataJSON), taken: true only for a challenge this server
 * issued for this purpose (and account), unexpired and never taken before. Taken before the signature is checked, so
 * a forged answer burns its challenge as well: every challenge is tried once.
 */
export async function takeAnsweredChallenge(
  services: AppServices,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<boolean> {
  return takeChallenge(services.db.knex, sha256(challenge), purpose, userId, services.now());
}
