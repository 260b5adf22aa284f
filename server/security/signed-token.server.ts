import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Compact signed tokens: base64url(JSON payload) + '.' + base64url(HMAC-SHA256). The purpose is part of
 * the signed bytes, so a token made for one use (a staff link) never verifies for another (a prefill link).
 * Used where a command must mint a token without the database (DESIGN §5: the CLI may run while the
 * server holds the embedded database).
 */
export interface SignedClaims {
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Random id: makes every token unique and unguessable. */
  jti: string;
}

function mac(secret: string, purpose: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\u0000${body}`).digest();
}

export function signToken<T extends object>(secret: string, purpose: string, payload: T, options: { now: Date; ttlSeconds: number }): string {
  const iat = Math.floor(options.now.getTime() / 1000);
  const claims = { ...payload, iat, exp: iat + options.ttlSeconds, jti: randomBytes(12).toString('base64url') };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(secret, purpose, body).toString('base64url')}`;
}

export type VerifyResult<T> = { ok: true; claims: T & SignedClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

export function verifyToken<T extends object>(secret: string, purpose: string, token: unknown, now: Date): VerifyResult<T> {
  if (typeof token !== 'string' || token.length > 64_000 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: 'malformed' };
  const [body, signature] = token.split('.') as [string, string];
  const expected = mac(secret, purpose, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  let claims: T & SignedClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & SignedClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
