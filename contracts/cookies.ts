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
