import type { LookupCategory } from '../../contracts/lookup.js';
import { signToken, verifyToken } from '../../platform/tokens/signed-token.server.js';

/**
 * Authorises `npm run lookup:import` to hand a file to the running server (DESIGN §5: embedded PGlite
 * admits one process, so the command goes through the server that holds it). Both sides read the same
 * SESSION_SECRET (or the development secret in $DATA_DIR), so only someone who can read the server's
 * configuration can sign one. A token names its category and lives one minute.
 */
const LIFETIME_SECONDS = 60;

export function signImportToken(secret: string, category: LookupCategory, now: Date): string {
  return signToken(secret, 'lookup-import', { c: category }, { now, ttlSeconds: LIFETIME_SECONDS });
}

export function verifyImportToken(secret: string, category: LookupCategory, token: string, now: Date): boolean {
  const verified = verifyToken<{ c: string }>(secret, 'lookup-import', token, now);
  // A token dated ahead (a clock far off, or one minted to last) is refused as well as an expired one.
  return verified.ok && verified.claims.c === category && verified.claims.exp * 1000 <= now.getTime() + LIFETIME_SECONDS * 1000;
}
