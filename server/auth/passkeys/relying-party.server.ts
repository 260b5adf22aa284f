import type { Config } from '../../../platform/config.server.js';

/** The site's name in the browser's passkey dialogs. */
export const RELYING_PARTY_NAME = 'Freshman Application';

/**
 * Who the passkeys belong to, from PUBLIC_URL (validated once in platform/config.server.ts): the RP ID is its host
 * name, and the only origin an answer may come from is its origin. A passkey made for one PUBLIC_URL host is
 * never usable under another, and a page served from any other origin (a phishing copy) gets assertions that fail.
 * Read per request, not at start-up: tests move PUBLIC_URL onto the port they listen on.
 */
export function relyingParty(config: Pick<Config, 'publicUrl'>): { id: string; origin: string; name: string } {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: RELYING_PARTY_NAME };
}
