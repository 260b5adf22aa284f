import * as client from 'openid-client';
import type { AppServices } from '../../platform/app-services.server.js';
import type { StaffSessionRow } from '../../db/repos/staff.server.js';
import { configurationFor, groupsOf } from './oidc.server.js';
import { openIdpToken } from './idp-token.server.js';

export type RecheckOutcome = { kind: 'ok'; email: string | null; groups: string[] } | { kind: 'refused' } | { kind: 'unreachable' };

/**
 * Asks the provider's userinfo endpoint, with the access token of the sign-in, who this staff member is now:
 * a token the provider no longer honours (expired, revoked, account disabled), another subject, or an
 * e-mail that is no longer verified ends the session; the groups returned replace those of the sign-in.
 */
export async function recheckWithProvider(services: AppServices, session: StaffSessionRow): Promise<RecheckOutcome> {
  // Stored sealed; one that does not open (another secret, a clear token from before migration 120) ends the session.
  const accessToken = session.idp_access_token
    ? openIdpToken(services.config.sessionSecret, session.id_hash, session.idp_access_token, services.now())
    : null;
  if (!accessToken || !session.sub) return { kind: 'refused' };
  let configuration: client.Configuration;
  try {
    configuration = await configurationFor(services);
  } catch {
    return { kind: 'unreachable' };
  }
  try {
    const info = await client.fetchUserInfo(configuration, accessToken, session.sub);
    const email = typeof info.email === 'string' ? info.email.trim().toLowerCase() : null;
    if (email !== null && email !== session.email) return { kind: 'refused' };
    if (info.email_verified === false) return { kind: 'refused' };
    return { kind: 'ok', email, groups: groupsOf(info.groups) };
  } catch (err) {
    // An answer from the provider (401 invalid_token, a subject mismatch) is a refusal; no answer is not.
    if (
      err instanceof client.ResponseBodyError ||
      err instanceof client.WWWAuthenticateChallengeError ||
      (err as { code?: string }).code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED'
    )
      return { kind: 'refused' };
    const status =
      (err as { status?: number; cause?: { status?: number } }).status ?? (err as { cause?: { status?: number } }).cause?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) return { kind: 'refused' };
    return { kind: 'unreachable' };
  }
}
