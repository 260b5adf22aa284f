import * as client from 'openid-client';
import type { Request, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { isLoopbackUrl } from '../../platform/config-values.server.js';
import { signToken, verifyToken } from '../../platform/tokens/signed-token.server.js';
import { staffCookieOptions } from './staff-session.server.js';
import { cookieNameFor } from '../../contracts/cookies.js';

/**
 * The sign-in in flight: state, nonce and PKCE verifier, in a signed HttpOnly cookie, scoped to the callback over
 * http and a __Host- cookie over https (no sibling subdomain can plant one: a login-CSRF barrier).
 */
const TRANSACTION_COOKIE_BASE = 'fa_staff_oidc';
const transactionCookie = (services: AppServices) => cookieNameFor(TRANSACTION_COOKIE_BASE, services.config.publicUrl);
const TRANSACTION_PURPOSE = 'staff-oidc';
const TRANSACTION_SECONDS = 600;
const CALLBACK_PATH = '/staff/oidc/callback';

export function oidcRedirectUri(services: AppServices): string {
  return `${services.config.publicUrl}${CALLBACK_PATH}`;
}

const discovered = new WeakMap<AppServices, Promise<client.Configuration>>();

/** Discovery once per process; a failed discovery is retried at the next sign-in. */
export function configurationFor(services: AppServices): Promise<client.Configuration> {
  const oidc = services.config.oidc;
  if (!oidc) throw new Error('no identity provider configured');
  let pending = discovered.get(services);
  if (!pending) {
    // Plain http only for a provider on this machine (tests, a laptop); config refuses any other.
    const options = isLoopbackUrl(oidc.issuer) ? { execute: [client.allowInsecureRequests] } : undefined;
    // client_secret_basic: the method every provider must support (OpenID Connect Core §9).
    pending = client.discovery(new URL(oidc.issuer), oidc.clientId, undefined, client.ClientSecretBasic(oidc.clientSecret), options);
    pending.catch(() => discovered.delete(services));
    discovered.set(services, pending);
  }
  return pending;
}

/** Authorization code with PKCE (S256), state and nonce: where to send the browser. */
export async function beginOidcSignIn(services: AppServices, res: Response): Promise<string> {
  const configuration = await configurationFor(services);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const transaction = signToken(
    services.config.sessionSecret,
    TRANSACTION_PURPOSE,
    { s: state, n: nonce, v: verifier },
    { now: services.now(), ttlSeconds: TRANSACTION_SECONDS },
  );
  res.cookie(transactionCookie(services), transaction, {
    ...staffCookieOptions(services, '/staff/oidc'),
    maxAge: TRANSACTION_SECONDS * 1000,
  });
  return client
    .buildAuthorizationUrl(configuration, {
      redirect_uri: oidcRedirectUri(services),
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

export type OidcOutcome =
  | { ok: true; email: string; groups: string[]; sub: string; accessToken: string | null }
  | { ok: false; message: string; email?: string; reason: string };

export const UNVERIFIED_EMAIL_MESSAGE = 'Your account at the identity provider has no verified e-mail address.';

/** A groups claim as providers send it: an array, or one string. */
export function groupsOf(raw: unknown): string[] {
  return Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
}

/** Checks the callback against the transaction cookie and the provider; returns who signed in. */
export async function completeOidcSignIn(services: AppServices, req: Request, res: Response): Promise<OidcOutcome> {
  const raw = (req.cookies as Record<string, unknown> | undefined)?.[transactionCookie(services)];
  res.clearCookie(transactionCookie(services), staffCookieOptions(services, '/staff/oidc'));
  const transaction = verifyToken<{ s: string; n: string; v: string }>(
    services.config.sessionSecret,
    TRANSACTION_PURPOSE,
    raw,
    services.now(),
  );
  if (!transaction.ok)
    return { ok: false, reason: 'transaction', message: 'This sign-in took too long or was started elsewhere. Please sign in again.' };
  if (typeof req.query.error === 'string')
    return { ok: false, reason: 'provider-error', message: 'The identity provider did not sign you in. Please try again.' };
  const configuration = await configurationFor(services);
  const query = req.originalUrl.indexOf('?');
  const currentUrl = new URL(`${oidcRedirectUri(services)}${query === -1 ? '' : req.originalUrl.slice(query)}`);
  let claims: client.IDToken | undefined;
  let accessToken: string | null;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: transaction.claims.v,
      expectedState: transaction.claims.s,
      expectedNonce: transaction.claims.n,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    accessToken = typeof tokens.access_token === 'string' ? tokens.access_token : null;
  } catch (err) {
    req.log.warn(
      { err: { name: (err as Error).name, code: (err as { code?: string }).code } },
      'staff sign-in refused by the OpenID Connect checks',
    );
    return { ok: false, reason: 'verification', message: 'The sign-in could not be verified. Please sign in again.' };
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  // Only a provider's explicit `true` says it checked the address (issue 23 finding 16): a missing claim is not.
  if (!email || claims?.email_verified !== true)
    return { ok: false, reason: 'email-unverified', email: email || undefined, message: UNVERIFIED_EMAIL_MESSAGE };
  const sub = typeof claims?.sub === 'string' ? claims.sub : '';
  if (!sub) return { ok: false, reason: 'no-subject', email, message: 'The sign-in could not be verified. Please sign in again.' };
  return { ok: true, email, groups: groupsOf(claims?.groups), sub, accessToken };
}
