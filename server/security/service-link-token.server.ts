import { openToken, sealToken, type VerifyResult } from './signed-token.server.js';

/**
 * The staff read-only link's token (`service_token`), naming the applicant by e-mail (lower-cased). Sealed
 * (encrypted and authenticated, issue 23 finding 13: the address must not be readable from a URL) by `npm run
 * service-link` and by the PDF renderer (workers/), checked against the database by
 * server/service/service-token.server.ts.
 */
export const DEFAULT_SERVICE_LINK_HOURS = 24;

export function signServiceToken(secret: string, username: string, options: { now: Date; hours?: number }): string {
  return sealToken(secret, 'service-link', { u: username.trim().toLowerCase() }, { now: options.now, ttlSeconds: Math.round((options.hours ?? DEFAULT_SERVICE_LINK_HOURS) * 3600) });
}

export function verifyServiceToken(secret: string, token: unknown, now: Date): VerifyResult<{ u: string }> {
  return openToken<{ u: string }>(secret, 'service-link', token, now);
}
