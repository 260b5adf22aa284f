import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { POST_FIELDS } from '../../contracts/form-post.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';
import { KEPT_CLEAR_LABEL, KEPT_CLEAR_PATH, KEPT_CLEARED_MESSAGE } from '../../contracts/kept-answers.js';
import { KEPT_VISITOR_IDLE_MINUTES } from '../../db/repos/kept-answers.server.js';
import { KEPT_ANSWERS_COOKIE } from '../../server/form-post/kept-answers.server.js';
import { insertSession } from '../../db/repos/sessions.server.js';
import { randomToken, sha256 } from '../../server/auth/tokens.server.js';
import { sessionIdHash } from '../../server/auth/session.server.js';

/**
 * Issue 35 finding 3 (Medium): a visitor's answers typed without scripts were kept 7 days under a lasting cookie,
 * so the next person on a shared computer saw them and took them into their own new account. Now the cookie is a
 * session cookie, the server forgets a visitor's answers idle for KEPT_VISITOR_IDLE_MINUTES, and every page showing
 * them offers "Not you? Clear the answers on this computer" (a plain, Origin-checked form).
 */
let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const A = { first_name: 'Annika', last_name: 'Aaltonen', address_line_1: '12 Elm Street', city: 'Ogden' };

const keptSetCookie = (res: request.Response) =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((c) => c.startsWith(`${KEPT_ANSWERS_COOKIE}=`));
const keptRows = async () => Number((await ctx.db.knex('kept_answers').count<{ count: string }[]>('* as count'))[0]!.count);

/** A visitor types A's answers on /about without scripts and presses Update; returns the browser's kept cookie. */
async function visitorKeeps(answers: Record<string, string> = A): Promise<{ cookie: string; setCookie: string }> {
  const res = await request(ctx.app)
    .post('/about')
    .type('form')
    .send({ ...answers, [POST_FIELDS.action]: 'update:' });
  expect(res.status).toBe(303);
  const setCookie = keptSetCookie(res)!;
  expect(setCookie).toBeTruthy();
  return { cookie: setCookie.split(';')[0]!, setCookie };
}

async function sessionCookieFor(user: TestUser): Promise<string> {
  const id = randomToken();
  const now = ctx.services.now();
  await insertSession(ctx.db.knex, {
    id_hash: sessionIdHash(TEST_SESSION_SECRET, id),
    user_id: user.id,
    created_at: now,
    last_seen_at: now,
  });
  return `${SESSION_COOKIE}=${id}`;
}

const answersOf = async (user: TestUser) =>
  (
    await request(ctx.app)
      .get('/api/profile')
      .set('Cookie', await sessionCookieFor(user))
      .expect(200)
  ).body.answer as Record<string, unknown>;

describe("a visitor's kept answers live no longer than the browser session", () => {
  it('are kept under a session cookie: no Max-Age, no Expires', async () => {
    const { setCookie } = await visitorKeeps();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).not.toMatch(/Max-Age/i);
    expect(setCookie).not.toMatch(/Expires/i);
  });

  it("make a lasting cookie (an account's page posted after its session ended) a session cookie again", async () => {
    const user = await createLoggedInUser(ctx);
    const open = await request(ctx.app).get('/about').set('Cookie', user.cookie).expect(200);
    const owner = /name="@owner" value="([^"]+)"/.exec(open.text)?.[1] ?? /value="([^"]+)"[^>]*name="@owner"/.exec(open.text)?.[1];
    await request(ctx.app).post('/api/logout').set('Cookie', user.cookie).expect(200);
    const accountPost = await request(ctx.app)
      .post('/about')
      .type('form')
      .send({ [POST_FIELDS.owner]: owner!, first_name: 'Ayesha', [POST_FIELDS.go]: '/education' });
    // The account's own kept answers keep their rules (a lasting cookie for its next login here).
    expect(keptSetCookie(accountPost)).toMatch(/Max-Age=/i);
    const cookie = keptSetCookie(accountPost)!.split(';')[0]!;
    const visitorPost = await request(ctx.app)
      .post('/about')
      .set('Cookie', cookie)
      .type('form')
      .send({ ...A, [POST_FIELDS.action]: 'update:' });
    const again = keptSetCookie(visitorPost)!;
    expect(again.split(';')[0]).toBe(cookie);
    expect(again).not.toMatch(/Max-Age|Expires/i);
  });
});

describe(`a visitor's kept answers idle past ${KEPT_VISITOR_IDLE_MINUTES} minutes`, () => {
  it('are shown until then, and not after', async () => {
    const { cookie } = await visitorKeeps();
    ctx.clock.advance((KEPT_VISITOR_IDLE_MINUTES - 1) * 60_000);
    expect((await request(ctx.app).get('/about').set('Cookie', cookie)).text).toContain('12 Elm Street');
    ctx.clock.advance(2 * 60_000);
    const page = await request(ctx.app).get('/about').set('Cookie', cookie);
    expect(page.status).toBe(200);
    for (const value of Object.values(A)) expect(page.text).not.toContain(value);
    expect(page.text).not.toContain(KEPT_CLEAR_LABEL);
  });

  it('are not carried into the account created or logged into on that browser, and are deleted', async () => {
    const { cookie } = await visitorKeeps();
    ctx.clock.advance((KEPT_VISITOR_IDLE_MINUTES + 1) * 60_000);
    const b = await createLoggedInUser(ctx);
    const page = await request(ctx.app)
      .get('/about')
      .set('Cookie', `${await sessionCookieFor(b)}; ${cookie}`);
    expect(page.status).toBe(200);
    const saved = await answersOf(b);
    for (const key of Object.keys(A)) expect(saved[key] ?? '').toBe('');
    expect(
      await ctx.db
        .knex('kept_answers')
        .where({ token_hash: sha256(cookie.split('=')[1]!) })
        .first(),
    ).toBeUndefined();
  });

  it('are purged from the database at the next write of any browser', async () => {
    await visitorKeeps();
    ctx.clock.advance((KEPT_VISITOR_IDLE_MINUTES + 1) * 60_000);
    await ctx.db.knex('kept_answers').whereNot({ owner: '' }).delete();
    await visitorKeeps({ city: 'Moab' });
    const rows = (await ctx.db.knex('kept_answers').select('answers')) as Array<{ answers: Record<string, string> }>;
    expect(rows.map((r) => r.answers)).toEqual([{ city: 'Moab' }]);
  });
});

describe('"Not you? Clear the answers on this computer"', () => {
  it('is offered on the form pages and the sign-up and login cards while answers are kept, and only then', async () => {
    const { cookie } = await visitorKeeps();
    for (const path of ['/about', '/education', '/final-steps', '/signup', '/login']) {
      const page = await request(ctx.app).get(path).set('Cookie', cookie);
      expect({ path, offered: page.text.includes(KEPT_CLEAR_LABEL) && page.text.includes(`action="${KEPT_CLEAR_PATH}"`) }).toEqual({
        path,
        offered: true,
      });
      expect(page.text).toContain(`name="back" value="${path}"`);
    }
    // Another browser (no cookie: the visitor page cache, server/render.server.ts) sees neither, cached or not.
    for (let i = 0; i < 2; i++) {
      const other = await request(ctx.app).get('/about');
      expect(other.text).not.toContain(KEPT_CLEAR_LABEL);
      for (const value of Object.values(A)) expect(other.text).not.toContain(value);
    }
  });

  it('is refused from another site; from this one it deletes the kept answers and the cookie, then shows the page saying so', async () => {
    await ctx.db.knex('kept_answers').delete();
    const { cookie } = await visitorKeeps();
    expect(await keptRows()).toBe(1);
    const crossSite = await request(ctx.app)
      .post(KEPT_CLEAR_PATH)
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ back: '/about' });
    expect(crossSite.status).toBe(403);
    expect(await keptRows()).toBe(1);
    const res = await request(ctx.app)
      .post(KEPT_CLEAR_PATH)
      .set('Cookie', cookie)
      .set('Origin', 'http://127.0.0.1:3000')
      .type('form')
      .send({ back: '/education' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/education');
    expect(await keptRows()).toBe(0);
    expect(keptSetCookie(res)).toMatch(/Expires=Thu, 01 Jan 1970/i);
    const flash = ((res.headers['set-cookie'] as unknown as string[]) ?? [])
      .filter((c) => !c.startsWith(`${KEPT_ANSWERS_COOKIE}=`))
      .map((c) => c.split(';')[0]!);
    const page = await request(ctx.app)
      .get('/education')
      .set('Cookie', [cookie, ...flash].join('; '));
    expect(page.text).toContain(KEPT_CLEARED_MESSAGE);
    expect(page.text).not.toContain(KEPT_CLEAR_LABEL);
    expect((await request(ctx.app).get('/about').set('Cookie', cookie)).text).not.toContain('12 Elm Street');
  });

  it('returns only to its own pages', async () => {
    const res = await request(ctx.app).post(KEPT_CLEAR_PATH).type('form').send({ back: 'https://evil.example/' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/about');
  });
});
