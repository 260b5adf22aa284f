import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import request from 'supertest';
import Provider from 'oidc-provider';

export const OIDC_CLIENT_ID = 'staff-desk';
export const OIDC_CLIENT_SECRET = 'staff-desk-secret-0123456789';

/**
 * A real OpenID Connect provider on loopback (oidc-provider), whose accounts are described by their login:
 * `<sub>|<email>|<flags>`, flags among `verified` (email_verified: true), `unverified` (false; neither: the
 * claim is absent) and `member` (in `group`). `members` can be changed while the test runs (userinfo reads it).
 */
export async function startProvider(options: {
  redirectUri: string;
  group: string;
}): Promise<{ issuer: string; members: Set<string>; accessTokens: string[]; close(): Promise<void> }> {
  const members = new Set<string>();
  const seen = new Set<string>();
  let handle: Parameters<typeof createServer>[1] = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handle!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => {
        const [sub, email, flags = ''] = id.split('|');
        const set = new Set(flags.split(','));
        // The flag makes a member once; removing it from `members` later is the provider-side removal.
        if (set.has('member') && !seen.has(sub!)) members.add(sub!);
        seen.add(sub!);
        return {
          sub: sub!,
          email,
          ...(set.has('verified') ? { email_verified: true } : set.has('unverified') ? { email_verified: false } : {}),
          groups: members.has(sub!) ? [options.group] : ['library'],
        };
      },
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['groups'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 3600, IdToken: 600, AuthorizationCode: 60 },
  });
  // Every access token the provider hands out (opaque: the value is its id), so a test can look for it elsewhere.
  const accessTokens: string[] = [];
  provider.on('access_token.saved', (token: unknown) => {
    accessTokens.push((token as { jti: string }).jti);
  });
  handle = provider.callback();
  return { issuer, members, accessTokens, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Follows the sign-in as a browser would, through the provider's development login and consent forms; returns the desk's callback answer. */
export async function signInThroughProvider(app: Express, login: string): Promise<request.Response> {
  const start = await request(app).get('/staff/oidc/start');
  if (start.status !== 302) throw new Error(`oidc start answered ${start.status}`);
  const deskCookies = ([] as string[])
    .concat(start.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .join('; ');
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = start.headers.location!;
  let prompt: 'login' | 'consent' = 'login';
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.includes('/staff/oidc/callback')) {
      const back = new URL(url);
      return request(app).get(`${back.pathname}${back.search}`).set('Cookie', deskCookies);
    }
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    remember(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).toString();
      continue;
    }
    // An interaction page: submit its form (login first, then consent).
    const html = await res.text();
    const action = html.match(/action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${res.status}`);
    const body = new URLSearchParams(prompt === 'login' ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' });
    const submitted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    remember(submitted);
    prompt = 'consent';
    url = new URL(submitted.headers.get('location')!, url).toString();
  }
  throw new Error('the sign-in did not come back to the desk');
}
