/**
 * Signing in with a passkey on /login (issue 41, ADR 0340): the JSON calls, and every English text the sign-in shows
 * (PASSKEY_SIGN_IN_TEXTS), for the island and the server's answers alike. Apart from the /passkeys page's texts
 * (contracts/passkeys.ts) so that /login, held to 75 KB of JavaScript, loads only these.
 */

/** A visitor's calls: the options (a new challenge), then the browser's assertion. */
export const PASSKEY_SIGN_IN_OPTIONS_PATH = '/public/passkey/options';
export const PASSKEY_SIGN_IN_PATH = '/public/passkey/sign-in';

/** English, kept as data and shown through t(): the Spanish reaches a Spanish /login as JSON, not in its scripts. */
export const PASSKEY_SIGN_IN_TEXTS = {
  intro: 'Added a passkey to your account? Use it instead of your password.',
  button: 'Sign in with a passkey',
  needsScripts: 'Signing in with a passkey needs JavaScript. Without it, sign in with your email and password above.',
  waiting: 'Waiting for your passkey…',
  signedIn: 'You are now logged in.',
  cancelled: 'No passkey was used. You can try again, or sign in with your email and password.',
  // One answer whatever went wrong, so it tells nobody which accounts or passkeys exist.
  refused: 'We could not sign you in with that passkey. Try again, or sign in with your email and password.',
} as const;
