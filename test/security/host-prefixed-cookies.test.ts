import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { GOOD_PASSWORD, createAccount, recordMail } from '../integration/auth-helpers.js';
import { signStaffLink } from '../../server/staff/staff-link-token.server.js';
import { POST_FIELDS } from '../../contracts/form-post.js';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, signInThroughProvider, startProvider } from '../helpers/oidc.js';

/**
 * Issue 23 finding 11: the session, staff, kept-answers and flash cookies had no `__Host-` prefix, so a sibling
 * subdomain (or a network attacker over plain http) could plant or shadow them. Where the deployment is https
 * (PUBLIC_URL https://…) they are now `__Host-` cookies: Secure, Path=/, no Domain — the browser refuses any
 * other. Over http (development) the prefix cannot be used and the names are the same without it.
 */
const BASES = {
  session: 'CognitoIdentityServiceProvider.freshman.session',
  kept: 'freshman.kept',
  flash: 'freshman.flash',
  staff: 'fa_staff',
} as const;

let https: TestContext;
let http: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  https = await createTestApp({ env: { PUBLIC_URL: 'https://apply.example.edu', STAFF_EMAILS: 'officer@example.edu' } });
  http = await createTestApp({ env: { STAFF_EMAILS: 'officer@example.edu' } });
});
afterAll(async () => {
  await https?.close();
  await http?.close();
});

const setCookies = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);
const origin = (ctx: TestContext) => new URL(ctx.config.publicUrl).origin;

/** Every cookie the four flows set, keyed by which of the four it is. */
async function cookiesSetBy(ctx: TestContext, user: string): Promise<Record<keyof typeof BASES, string>> {
  const mail = recordMail(ctx);
  await createAccount(ctx, mail, user);
  const login = await request(ctx.app).post('/public/login').set('Origin', origin(ctx)).send({ username: user, password: GOOD_PASSWORD });
  expect(login.status).toBe(200);
  const logout = await request(ctx.app).post('/logout').set('Origin', origin(ctx)).type('form').send({});
  const visitor = await request(ctx.app)
    .post('/about')
    .set('Origin', origin(ctx))
    .type('form')
    .send({ first_name: 'Kim', [POST_FIELDS.action]: 'update:' });
  const token = signStaffLink(ctx.config.sessionSecret, 'officer@example.edu', ctx.services.now());
  const staff = await request(ctx.app).post('/staff/link').set('Origin', origin(ctx)).type('form').send({ token });
  expect(staff.status).toBe(303);
  const all = [...setCookies(login), ...setCookies(logout), ...setCookies(visitor), ...setCookies(staff)];
  const find = (base: string) => {
    const line = all.find((c) => new RegExp(`^(__Host-)?${base.replace(/\./g, '\\.')}=[^;]`).test(c));
    if (!line) throw new Error(`no ${base} cookie among ${JSON.stringify(all)}`);
    return line;
  };
  return { session: find(BASES.session), kept: find(BASES.kept), flash: find(BASES.flash), staff: find(BASES.staff) };
}

describe('over https', () => {
  it.each(Object.keys(BASES) as Array<keyof typeof BASES>)(
    'the %s cookie is a __Host- cookie (Secure, Path=/, no Domain)',
    async (which) => {
      const cookies = await cookiesSetBy(https, `host-${which}@example.edu`);
      const line = cookies[which];
      expect(line.startsWith(`__Host-${BASES[which]}=`)).toBe(true);
      expect(line).toMatch(/;\s*Secure/i);
      expect(line).toMatch(/;\s*Path=\/(;|$)/i);
      expect(line).not.toMatch(/;\s*Domain=/i);
    },
  );

  it('the __Host- session cookie is the one that logs in; the unprefixed name counts for nothing', async () => {
    const mail = recordMail(https);
    await createAccount(https, mail, 'prefixed@example.edu');
    const login = await request(https.app).post('/public/login').send({ username: 'prefixed@example.edu', password: GOOD_PASSWORD });
    const pair = setCookies(login)
      .find((c) => c.startsWith(`__Host-${BASES.session}=`))!
      .split(';')[0]!;
    expect((await request(https.app).get('/api/session').set('Cookie', pair)).status).toBe(200);
    const planted = pair.replace(/^__Host-/, '');
    expect((await request(https.app).get('/api/session').set('Cookie', planted)).status).toBe(401);
  });
});

describe('over http (development)', () => {
  it.each(Object.keys(BASES) as Array<keyof typeof BASES>)('the %s cookie keeps its name without the prefix', async (which) => {
    const cookies = await cookiesSetBy(http, `plain-${which}@example.edu`);
    expect(cookies[which].startsWith(`${BASES[which]}=`)).toBe(true);
  });
});

describe('staff sign-in through the identity provider, over https', () => {
  it('keeps the sign-in in flight in a __Host- cookie (Secure, Path=/, HttpOnly), and the sign-in completes with it', async () => {
    const publicUrl = 'https://apply.example.edu';
    const idp = await startProvider({ redirectUri: `${publicUrl}/staff/oidc/callback`, group: 'admissions-readers' });
    const ctx = await createTestApp({
      env: {
        PUBLIC_URL: publicUrl,
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET,
        STAFF_EMAILS: 'reader@example.edu',
        STAFF_GROUP: 'admissions-readers',
      },
    });
    try {
      const start = await request(ctx.app).get('/staff/oidc/start');
      expect(start.status).toBe(302);
      const transaction = setCookies(start).find((c) => c.startsWith('__Host-fa_staff_oidc='))!;
      expect(transaction).toMatch(/;\s*Secure/i);
      expect(transaction).toMatch(/;\s*HttpOnly/i);
      expect(transaction).toMatch(/;\s*Path=\/(;|$)/i);
      expect(transaction).not.toMatch(/;\s*Domain=/i);
      expect(setCookies(start).some((c) => c.startsWith('fa_staff_oidc='))).toBe(false);

      const back = await signInThroughProvider(ctx.app, 's-reader|reader@example.edu|verified,member');
      expect(back.status).toBe(200);
      expect(back.text).toContain('Signed in');
      expect(setCookies(back).some((c) => /^__Host-fa_staff=[^;]/.test(c))).toBe(true);
    } finally {
      await ctx.close();
      await idp.close();
    }
  });
});
