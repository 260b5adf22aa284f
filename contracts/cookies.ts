import { parse } from 'cookie';

/**
 * Cookie names shared by the server and the islands (no server-only code here).
 *
 * §4: "logged in means any cookie starts with the identity-provider prefix". The session cookie is
 * HttpOnly, so scripts cannot see it; a second, secret-free marker cookie with the same prefix lets
 * client code apply the §4 test. The server never trusts the marker: only the session cookie counts.
 */
export const IDENTITY_PROVIDER_PREFIX = 'CognitoIdentityServiceProvider.';

/** HttpOnly; value = a 256-bit random session id (only its sha256 is stored). */
export const SESSION_COOKIE = `${IDENTITY_PROVIDER_PREFIX}freshman.session`;

/** Readable by scripts; value '1'. Set and cleared together with the session cookie. */
export const LOGGED_IN_COOKIE = `${IDENTITY_PROVIDER_PREFIX}freshman.loggedIn`;

/** §4 login-state test on a `document.cookie` string. */
export function hasIdentityCookie(cookieHeader: string): boolean {
  return Object.keys(parse(cookieHeader)).some((name) => name.startsWith(IDENTITY_PROVIDER_PREFIX));
}

/** One cookie's value from a Cookie header (`document.cookie` has the same shape), decoded; null when absent. */
export function readCookie(header: string | undefined | null, name: string): string | null {
  if (!header) return null;
  return parse(header)[name] ?? null;
}

/**
 * `__Host-` cookies (issue 23 finding 11): a browser accepts one only when it is Secure, has Path=/ and no Domain,
 * so neither a sibling subdomain nor a network attacker on plain http can plant or shadow it. Over https (PUBLIC_URL
 * https://…) the session, staff, family, kept-answers and flash cookies carry the prefix; over http (development) a browser
 * refuses it, and the same names are used without it. The §4 marker cookie (LOGGED_IN_COOKIE) keeps its name: it
 * holds no secret and client code tests for the identity-provider prefix.
 */
export const HOST_PREFIX = '__Host-';

export function cookieNameFor(base: string, publicUrl: string): string {
  return publicUrl.startsWith('https:') ? `${HOST_PREFIX}${base}` : base;
}

/** Base names; the name used is cookieNameFor(base, PUBLIC_URL). */
export const KEPT_ANSWERS_COOKIE_BASE = 'freshman.kept';
export const FLASH_COOKIE_BASE = 'freshman.flash';
export const STAFF_COOKIE_BASE = 'fa_staff';
/** A family member's read-only session (issue 39): its own cookie, which no applicant route reads. */
export const FAMILY_COOKIE_BASE = 'fa_family';

export const sessionCookieName = (publicUrl: string): string => cookieNameFor(SESSION_COOKIE, publicUrl);
export const keptAnswersCookieName = (publicUrl: string): string => cookieNameFor(KEPT_ANSWERS_COOKIE_BASE, publicUrl);
export const flashCookieName = (publicUrl: string): string => cookieNameFor(FLASH_COOKIE_BASE, publicUrl);
export const staffCookieName = (publicUrl: string): string => cookieNameFor(STAFF_COOKIE_BASE, publicUrl);
export const familyCookieName = (publicUrl: string): string => cookieNameFor(FAMILY_COOKIE_BASE, publicUrl);
