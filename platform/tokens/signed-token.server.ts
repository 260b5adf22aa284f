import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';

/**
 * The one place the server signs with SESSION_SECRET: every HMAC of the application (links, tokens, upload
 * policies, page-change markers, keyed hashes of codes and rate-limit keys) is made by `mac`. The purpose
 * comes first and every part is separated by NUL, so a signature made for one purpose never verifies for
 * another and no part can run into the next.
 *
 * Compact tokens are base64url(JSON claims) + '.' + base64url(mac). They carry their expiry, so a command
 * can mint one without the database (DESIGN §5: the CLI may run while the server holds the embedded
 * database).
 */
export const TOKEN_PURPOSES = [
  /** The PDF renderer's single-use ticket to print one application (/print); never handed to a browser. */
  'print',
  /** Public temporary answers link (npm run prefill-link, §7 GET /public/tmp). */
  'prefill',
  /** npm run lookup:import handing a file to the running server. */
  'lookup-import',
  /** §3 has_changed_page: the marker naming the current session. */
  'page-change',
  /** The embedded object store's S3-style POST policy. */
  'upload-policy',
  /** The embedded object store's download links. */
  'download',
  /** Stored confirmation codes (six digits are guessable offline from a plain hash). */
  'confirmation-code',
  /** Rate-limit keys: an IP address, an e-mail address to mail, a login address, guesses at a code. */
  'ip',
  'mail',
  'login',
  'code-guesses',
  /** Stored session ids. */
  'session',
  /** Flash messages carried across a redirect. */
  'flash',
  /** The hidden field naming the account a form page was rendered for (its kept answers are that account's). */
  'kept-owner',
  /** Staff desk: one-time sign-in links, the OpenID Connect transaction, the integration admin token. */
  'staff-link',
  'staff-oidc',
  'integration-admin',
  /** A staff session's identity-provider access token, sealed where it is stored (issue 35 finding 13). */
  'idp-token',
  /** The deadline reminders' unsubscribe link (issue 40): names one account, good for nothing else. */
  'deadline-reminders',
  /** Family access (issue 39): stored sign-in codes, stored session ids, guesses at an address's code. */
  'family-code',
  'family-session',
  'family-code-guesses',
  /** The pseudonym a deleted account's id is replaced by in the audit trail. */
  'erased-account',
] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export function mac(secret: string, purpose: TokenPurpose, ...parts: string[]): Buffer {
  return createHmac('sha256', secret)
    .update([purpose, ...parts].join('\u0000'))
    .digest();
}

/** Compares two encoded signatures in constant time (for their length). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface SignedClaims {
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Random id: makes every token unique and unguessable. */
  jti: string;
}

export function signToken<T extends object>(
  secret: string,
  purpose: TokenPurpose,
  payload: T,
  options: { now: Date; ttlSeconds: number },
): string {
  const iat = Math.floor(options.now.getTime() / 1000);
  const claims = { ...payload, iat, exp: iat + options.ttlSeconds, jti: randomBytes(12).toString('base64url') };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(secret, purpose, body).toString('base64url')}`;
}

export type VerifyResult<T> = { ok: true; claims: T & SignedClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

export function verifyToken<T extends object>(secret: string, purpose: TokenPurpose, token: unknown, now: Date): VerifyResult<T> {
  if (typeof token !== 'string' || token.length > 64_000 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/.test(token))
    return { ok: false, reason: 'malformed' };
  const [body, signature] = token.split('.') as [string, string];
  if (!sameSignature(mac(secret, purpose, body).toString('base64url'), signature)) return { ok: false, reason: 'signature' };
  let claims: T & SignedClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & SignedClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof claims !== 'object' || claims === null || typeof claims.exp !== 'number' || claims.exp * 1000 <= now.getTime()) {
    return { ok: false, reason: typeof claims?.exp === 'number' ? 'expired' : 'malformed' };
  }
  return { ok: true, claims };
}

/**
 * The key a sealed token of `purpose` is encrypted with: HKDF-SHA256 of SESSION_SECRET, one key per purpose, so a
 * sealed token never opens under another purpose and rotating the secret voids them all, as with signatures.
 */
function sealKey(secret: string, purpose: TokenPurpose): KeyObject {
  // Derived once per secret and purpose: every logged-in form page seals its owner field, and HKDF each time
  // cost as much as the rest of sealing (issue 28). A new secret (tests, rotation) derives afresh. Kept as a
  // KeyObject: Node 24 takes 28 µs to find out that a Buffer key is not a KeyObject (3 µs for the cipher itself).
  const id = `${purpose}\u0000${secret}`;
  let key = sealKeys.get(id);
  if (!key) {
    key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'freshman-application sealed token', purpose, 32)));
    if (sealKeys.size >= 64) sealKeys.clear();
    sealKeys.set(id, key);
  }
  return key;
}

const sealKeys = new Map<string, KeyObject>();

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Like signToken, but the claims are encrypted (AES-256-GCM) as well as authenticated: for tokens that travel in
 * URLs (browser histories, proxy logs, Referer headers) and carry personal data — a prefill link's answers, a staff
 * link's applicant (issue 23 finding 13). The token is base64url(iv ‖ ciphertext ‖ tag), one segment, no dot.
 * Like signed tokens it is minted without the database.
 */
export function sealToken<T extends object>(
  secret: string,
  purpose: TokenPurpose,
  payload: T,
  options: { now: Date; ttlSeconds: number },
): string {
  const iat = Math.floor(options.now.getTime() / 1000);
  const claims = { ...payload, iat, exp: iat + options.ttlSeconds, jti: randomBytes(12).toString('base64url') };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(JSON.stringify(claims), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** Opens a sealed token: 'signature' when it was altered or sealed under another secret or purpose. */
export function openToken<T extends object>(secret: string, purpose: TokenPurpose, token: unknown, now: Date): VerifyResult<T> {
  if (typeof token !== 'string' || token.length > 64_000 || !/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'malformed' };
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return { ok: false, reason: 'malformed' };
  let plain: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret, purpose), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return { ok: false, reason: 'signature' };
  }
  let claims: T & SignedClaims;
  try {
    claims = JSON.parse(plain) as T & SignedClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof claims !== 'object' || claims === null || typeof claims.exp !== 'number') return { ok: false, reason: 'malformed' };
  if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
