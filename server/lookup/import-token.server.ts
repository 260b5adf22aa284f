import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LookupCategory } from '../../contracts/lookup.js';

/**
 * Authorises `npm run lookup:import` to hand a file to the running server (DESIGN §5: embedded PGlite
 * admits one process, so the command goes through the server that holds it). Both sides read the same
 * SESSION_SECRET (or the development secret in $DATA_DIR), so only someone who can read the server's
 * configuration can sign one. A token names its category and lives one minute.
 */
const PURPOSE = 'lookup-import';
const LIFETIME_MS = 60_000;

function mac(secret: string, category: LookupCategory, expires: number): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${category}:${expires}`).digest('base64url');
}

export function signImportToken(secret: string, category: LookupCategory, now: Date): string {
  const expires = now.getTime() + LIFETIME_MS;
  return `${expires}.${mac(secret, category, expires)}`;
}

export function verifyImportToken(secret: string, category: LookupCategory, token: string, now: Date): boolean {
  const match = /^(\d{13,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires < now.getTime() || expires > now.getTime() + LIFETIME_MS) return false;
  const expected = Buffer.from(mac(secret, category, expires));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
