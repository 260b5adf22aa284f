import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { mac, type TokenPurpose } from '../../platform/tokens/signed-token.server.js';

/** 256 random bits, URL-safe: session ids and reset-link ids. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a high-entropy token: a plain hash suffices (no guessing possible). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A uniformly random 6-digit confirmation code. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Six digits are guessable offline from a plain hash, so codes (and limiter keys holding IPs and
 * e-mails) are keyed with the server secret: a leaked table alone reveals nothing.
 */
export function keyedHash(secret: string, purpose: TokenPurpose, ...parts: string[]): string {
  return mac(secret, purpose, ...parts).toString('hex');
}

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
