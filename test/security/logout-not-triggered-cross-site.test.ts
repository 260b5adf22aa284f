import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';

/**
 * Issue 23 finding 9 (applicant part): `GET /api/logout` logged out whoever a cross-site page sent there (an
 * <img src>, a link). Logging out is a POST with the Origin check; the §7 GET still answers the application's own
 * same-origin fetch, which a browser marks `Sec-Fetch-Site: same-origin` — no other site can make it send that.
 * ADR docs/decisions/0230-logout-is-a-post.md.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const stillLoggedIn = async (cookie: string) => (await request(ctx.app).get('/api/session').set('Cookie', cookie)).status === 200;

describe('GET /api/logout', () => {
  it.each([
    ['a cross-site <img> or link', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' }],
    ['a same-site page on another subdomain', { 'Sec-Fetch-Site': 'same-site' }],
    ['an address typed or a bookmark', { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate' }],
    ['an old browser that says nothing', {}],
  ])('does not log out when it comes from %s', async (_from, headers) => {
    const user = await createLoggedInUser(ctx);
    const res = await request(ctx.app).get('/api/logout').set('Cookie', user.cookie).set(headers);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body.message).toMatch(/POST/);
    expect(await stillLoggedIn(user.cookie)).toBe(true);
  });

  it("still logs out the application's own fetch (Sec-Fetch-Site: same-origin), as §7 lists it", async () => {
    const user = await createLoggedInUser(ctx);
    const res = await request(ctx.app).get('/api/logout').set('Cookie', user.cookie).set('Sec-Fetch-Site', 'same-origin');
    expect(res.status).toBe(200);
    expect(await stillLoggedIn(user.cookie)).toBe(false);
  });
});

describe('POST /api/logout', () => {
  it('logs out from the same origin', async () => {
    const user = await createLoggedInUser(ctx);
    const res = await request(ctx.app).post('/api/logout').set('Cookie', user.cookie).set('Origin', new URL(ctx.config.publicUrl).origin);
    expect(res.status).toBe(200);
    expect(await stillLoggedIn(user.cookie)).toBe(false);
  });

  it('is refused from another site (the Origin check)', async () => {
    const user = await createLoggedInUser(ctx);
    const res = await request(ctx.app).post('/api/logout').set('Cookie', user.cookie).set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
    expect(await stillLoggedIn(user.cookie)).toBe(true);
  });
});
