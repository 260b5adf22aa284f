import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, signInThroughProvider, startProvider } from '../helpers/oidc.js';
import { STAFF_COOKIE, STAFF_RECHECK_MS } from '../../server/staff/staff-session.server.js';
import { sha256 } from '../../server/auth/tokens.server.js';
import { up as clearStoredTokens } from '../../db/migrations/120_sealed_idp_tokens.js';

/**
 * Issue 35 finding 13: staff_sessions.idp_access_token held the identity provider's access token in clear, so
 * the database and every backup held tokens that open the provider's userinfo. It is now sealed (AES-256-GCM
 * under a key from SESSION_SECRET); the minutely re-check opens it.
 */
const STAFF = 'reader@admissions.example.edu';
const GROUP = 'admissions-readers';
let ctx: TestContext;
let idp: Awaited<ReturnType<typeof startProvider>>;

const staffCookieOf = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith(`${STAFF_COOKIE}=`) && !c.startsWith(`${STAFF_COOKIE}=;`))
    ?.split(';')[0];
const sessionRow = (cookie: string) =>
  ctx.db
    .knex('staff_sessions')
    .where({ id_hash: sha256(cookie.split('=')[1]!) })
    .first();

beforeAll(async () => {
  const publicUrl = 'http://127.0.0.1:3000';
  idp = await startProvider({ redirectUri: `${publicUrl}/staff/oidc/callback`, group: GROUP });
  ctx = await createTestApp({
    env: { PUBLIC_URL: publicUrl, OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, STAFF_GROUP: GROUP },
  });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await idp?.close();
});

describe("a staff session's identity-provider access token", () => {
  it('is not stored in clear, and the re-check with the provider still works with it', async () => {
    const signedIn = await signInThroughProvider(ctx.app, `s-member|${STAFF}|verified,member`);
    const cookie = staffCookieOf(signedIn)!;
    expect(cookie).toBeDefined();
    const accessToken = idp.accessTokens.at(-1)!;
    expect(accessToken).toBeDefined();
    const stored = (await sessionRow(cookie)) as { idp_access_token: string; checked_at: Date };
    expect(typeof stored.idp_access_token).toBe('string');
    expect(stored.idp_access_token).not.toContain(accessToken);
    expect(Buffer.from(stored.idp_access_token, 'base64url').toString('latin1')).not.toContain(accessToken);

    // The re-check (userinfo with the token) runs and confirms the session; then the provider's removal ends it.
    ctx.clock.advance(STAFF_RECHECK_MS + 1000);
    expect((await request(ctx.app).get('/staff').set('Cookie', cookie)).status).toBe(200);
    const checked = (await sessionRow(cookie)) as { checked_at: Date };
    expect(new Date(checked.checked_at).getTime()).toBeGreaterThan(new Date(stored.checked_at).getTime());
    idp.members.delete('s-member');
    ctx.clock.advance(STAFF_RECHECK_MS + 1000);
    expect((await request(ctx.app).get('/staff').set('Cookie', cookie)).status).toBe(303);
  });

  it('opens only in its own session row: one copied into another session of the same account ends that session', async () => {
    const login = `s-copy|copy@admissions.example.edu|verified,member`;
    const a = staffCookieOf(await signInThroughProvider(ctx.app, login))!;
    const b = staffCookieOf(await signInThroughProvider(ctx.app, login))!;
    const fromA = ((await sessionRow(a)) as { idp_access_token: string }).idp_access_token;
    await ctx.db
      .knex('staff_sessions')
      .where({ id_hash: sha256(b.split('=')[1]!) })
      .update({ idp_access_token: fromA });
    ctx.clock.advance(STAFF_RECHECK_MS + 1000);
    expect((await request(ctx.app).get('/staff').set('Cookie', a)).status).toBe(200);
    expect((await request(ctx.app).get('/staff').set('Cookie', b)).status).toBe(303);
  });

  it('migration 120 removes the sessions whose token was stored in clear, and keeps link sessions', async () => {
    const now = ctx.services.now();
    const base = { email: STAFF, created_at: now, last_seen_at: now, groups: '[]', checked_at: now };
    await ctx.db.knex('staff_sessions').insert([
      { ...base, id_hash: 'a'.repeat(64), via: 'oidc', sub: 's-old', idp_access_token: 'clear-access-token-from-before' },
      { ...base, id_hash: 'b'.repeat(64), via: 'link', sub: null, idp_access_token: null },
    ]);
    await clearStoredTokens(ctx.db.knex);
    expect(await ctx.db.knex('staff_sessions').where({ idp_access_token: 'clear-access-token-from-before' }).first()).toBeUndefined();
    expect(
      await ctx.db
        .knex('staff_sessions')
        .where({ id_hash: 'b'.repeat(64) })
        .first(),
    ).toBeDefined();
  });
});
