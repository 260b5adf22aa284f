import type { Config } from './config.server.js';
import { mac } from './tokens/signed-token.server.js';

/**
 * The rate-limit keys that name an account, built in one place: the limiters (server/auth) count under them,
 * and erasing an account (domain/account) deletes them. Each hides the address or id behind a keyed hash.
 */
type WithSecret = { config: Pick<Config, 'sessionSecret'> };

export const mailKey = (services: WithSecret, username: string) =>
  `mail:${mac(services.config.sessionSecret, 'mail', username).toString('hex')}`;
export const loginKey = (services: WithSecret, username: string) =>
  `login:${mac(services.config.sessionSecret, 'login', username).toString('hex')}`;
export const codeGuessKey = (services: WithSecret, userId: string) =>
  `code:${mac(services.config.sessionSecret, 'code-guesses', userId).toString('hex')}`;
/** Guesses at the sign-in code of an address a family member signs in with (issue 39), invited or not. */
export const familyCodeGuessKey = (services: WithSecret, email: string) =>
  `family-code:${mac(services.config.sessionSecret, 'family-code-guesses', email).toString('hex')}`;
