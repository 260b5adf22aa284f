import { openToken, sealToken } from '../../platform/tokens/signed-token.server.js';

/**
 * A staff session's identity-provider access token as stored: sealed (AES-256-GCM under a key derived from
 * SESSION_SECRET, the helper prefill links use), so the database and its backups hold no token that opens the
 * provider's userinfo for anyone (issue 35 finding 13). It names the session it belongs to: a sealed token
 * copied into another row does not open there. Rotating SESSION_SECRET voids them, like every staff session.
 */
export function sealIdpToken(
  secret: string,
  sessionIdHash: string,
  accessToken: string,
  options: { now: Date; ttlSeconds: number },
): string {
  return sealToken(secret, 'idp-token', { t: accessToken, s: sessionIdHash }, options);
}

/** The access token a stored value seals for this session, or null (altered, another secret or session, expired). */
export function openIdpToken(secret: string, sessionIdHash: string, stored: string, now: Date): string | null {
  const opened = openToken<{ t?: unknown; s?: unknown }>(secret, 'idp-token', stored, now);
  if (!opened.ok || opened.claims.s !== sessionIdHash || typeof opened.claims.t !== 'string') return null;
  return opened.claims.t;
}
