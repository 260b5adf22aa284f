import type { AppServices } from '../../platform/app-services.server.js';
import { codeGuessKey, loginKey, mailKey } from '../../platform/rate-limit-keys.server.js';
import { mac } from '../../platform/tokens/signed-token.server.js';

/**
 * What of an account lives on outside its rows (issue 35 finding 14): limiter keys made from its id or address
 * (hashed with SESSION_SECRET, so recomputed here the same way), and the pseudonym its id becomes in the audit
 * trail. Limiter keys that hold the id in clear (presign, conversion and rendering quotas) are found by the id.
 */
export interface AccountTraces {
  username: string | null;
  /** The limiter keys hashed from the id or address. */
  rateLimitKeys: string[];
  /** A stable stand-in for the id in the audit trail: a UUID from an HMAC of the id under SESSION_SECRET. */
  pseudonym: string;
}

export function accountTraces(services: Pick<AppServices, 'config'>, userId: string, username: string | null): AccountTraces {
  const addresses = username ? [...new Set([username, username.trim().toLowerCase()])] : [];
  return {
    username,
    rateLimitKeys: [codeGuessKey(services, userId), ...addresses.flatMap((a) => [mailKey(services, a), loginKey(services, a)])],
    pseudonym: erasedPseudonym(services.config.sessionSecret, userId),
  };
}

/** A version-8 UUID (RFC 9562: custom) made from HMAC(id): the same for every row of one account, and one-way. */
export function erasedPseudonym(secret: string, userId: string): string {
  const hex = mac(secret, 'erased-account', userId).toString('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
