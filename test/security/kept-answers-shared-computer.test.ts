import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { POST_FIELDS } from '../../contracts/form-post.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';
import { insertSession } from '../../db/repos/sessions.server.js';
import { randomToken } from '../../server/auth/tokens.server.js';
import { sessionIdHash } from '../../server/auth/session.server.js';

/**
 * Issue 23 finding 1 (High): on a shared computer, answers a form page posted after its session had ended were
 * kept for the browser, not for the account. The next visitor saw them on /about, and whoever logged in next
 * had them copied over their own saved answers. Kept answers now belong to the account that was logged in
 * (and this browser): restored only into that account, never shown to a visitor, never over a later save.
 */
let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** The browser of the shared computer: one cookie jar, whoever sits in front of it. */
class Browser {
  private jar = new Map<string, string>();
  header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  set(pair: string): void {
    const [name, ...rest] = pair.split('=');
    this.jar.set(name!, rest.join('='));
  }
  take(res: { headers: Record<string, unknown> }): void {
    for (const line of (res.headers['set-cookie'] as string[] | undefined) ?? []) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.jar.delete(name!);
      else this.jar.set(name!, value);
    }
  }
  drop(predicate: (name: string) => boolean): void {
    for (const name of [...this.jar.keys()]) if (predicate(name)) this.jar.delete(name);
  }
  async get(path: string) {
    const res = await request(ctx.app).get(path).set('Cookie', this.header());
    this.take(res);
    return res;
  }
  async post(path: string, form: Record<string, string>) {
    const res = await request(ctx.app).post(path).type('form').set('Cookie', this.header()).send(form);
    this.take(res);
    return res;
  }
}

/** The hidden fields a rendered form page posts besides its answers (the version and whatever else it carries). */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="(@[^"]*)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? '';
    if (name) fields[name] = value.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  }
  return fields;
}

/** A fresh login of `user` on this browser (a new session id, as POST /public/login makes). */
async function logInAgain(browser: Browser, user: TestUser): Promise<void> {
  const id = randomToken();
  const now = ctx.services.now();
  await insertSession(ctx.db.knex, {
    id_hash: sessionIdHash(TEST_SESSION_SECRET, id),
    user_id: user.id,
    created_at: now,
    last_seen_at: now,
  });
  browser.set(`${SESSION_COOKIE}=${id}`);
}

const answersOf = async (user: TestUser) => {
  const cookie = `${SESSION_COOKIE}=${await freshSession(user)}`;
  return (await request(ctx.app).get('/api/profile').set('Cookie', cookie).expect(200)).body.answer as Record<string, unknown>;
};
async function freshSession(user: TestUser): Promise<string> {
  const id = randomToken();
  const now = ctx.services.now();
  await insertSession(ctx.db.knex, {
    id_hash: sessionIdHash(TEST_SESSION_SECRET, id),
    user_id: user.id,
    created_at: now,
    last_seen_at: now,
  });
  return id;
}

const A_ANSWERS = { first_name: 'Annika', last_name: 'Aaltonen', birth_date: '2008-02-03', address_line_1: '12 Elm Street', city: 'Ogden' };

/** A is logged in on the shared browser with /about open; the session then ends in the way `end` says. */
async function aPostsAfterTheSessionEnded(
  end: (browser: Browser, a: TestUser) => Promise<void>,
): Promise<{ browser: Browser; a: TestUser }> {
  const browser = new Browser();
  const a = await createLoggedInUser(ctx);
  browser.set(a.cookie);
  const page = await browser.get('/about');
  expect(page.status).toBe(200);
  const hidden = hiddenFields(page.text);
  await end(browser, a);
  const res = await browser.post('/about', { ...hidden, ...A_ANSWERS, [POST_FIELDS.go]: '/education' });
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe('/login');
  return { browser, a };
}

const endings: Array<[string, (browser: Browser, a: TestUser) => Promise<void>]> = [
  [
    'ended by idle expiry',
    async () => {
      ctx.clock.advance(16 * 60_000);
    },
  ],
  [
    'ended by a logout in another tab',
    async (browser) => {
      const res = await request(ctx.app).post('/logout').set('Cookie', browser.header()).type('form').send({});
      browser.take(res);
      browser.drop((name) => name === SESSION_COOKIE);
    },
  ],
];

describe.each(endings)("A's answers posted after A's session %s", (_how, end) => {
  it('are not shown to a visitor who opens /about on that browser', async () => {
    const { browser } = await aPostsAfterTheSessionEnded(end);
    const visitor = await browser.get('/about');
    expect(visitor.status).toBe(200);
    for (const value of Object.values(A_ANSWERS)) expect(visitor.text).not.toContain(value);
  });

  it("are not copied into B's account when B logs in on that browser, and B's saved values stay", async () => {
    const { browser } = await aPostsAfterTheSessionEnded(end);
    const b = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', b.cookie).send({ first_name: 'Bea', last_name: 'Brown' }).expect(200);
    await logInAgain(browser, b);
    const page = await browser.get('/about');
    expect(page.status).toBe(200);
    for (const value of Object.values(A_ANSWERS)) expect(page.text).not.toContain(value);
    const saved = await answersOf(b);
    expect(saved).toMatchObject({ first_name: 'Bea', last_name: 'Brown' });
    for (const key of Object.keys(A_ANSWERS)) if (key !== 'first_name' && key !== 'last_name') expect(saved[key] ?? '').toBe('');
  });

  it('are restored into A when A logs in again on that browser', async () => {
    const { browser, a } = await aPostsAfterTheSessionEnded(end);
    await logInAgain(browser, a);
    expect((await browser.get('/about')).status).toBe(200);
    expect(await answersOf(a)).toMatchObject(A_ANSWERS);
  });
});

describe('kept answers never overwrite what the account saved later', () => {
  it('keeps a value A saved (elsewhere) after the answers were kept', async () => {
    const { browser, a } = await aPostsAfterTheSessionEnded(endings[0]![1]);
    ctx.clock.advance(60_000);
    const elsewhere = `${SESSION_COOKIE}=${await freshSession(a)}`;
    await request(ctx.app).put('/api/answer').set('Cookie', elsewhere).send({ city: 'Provo' }).expect(200);
    ctx.clock.advance(60_000);
    await logInAgain(browser, a);
    expect((await browser.get('/about')).status).toBe(200);
    expect((await answersOf(a)).city).toBe('Provo');
  });
});

describe("a visitor's own answers (§2)", () => {
  it('still travel into the account they log into, without replacing its saved values', async () => {
    const browser = new Browser();
    const res = await browser.post('/about', { preferred_name: 'Sky', city: 'Moab', [POST_FIELDS.action]: 'update:' });
    expect(res.status).toBe(303);
    expect((await browser.get('/about')).text).toMatch(/id="preferred_name"[^>]*value="Sky"/);
    const c = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', c.cookie).send({ city: 'Logan' }).expect(200);
    await logInAgain(browser, c);
    expect((await browser.get('/about')).status).toBe(200);
    expect(await answersOf(c)).toMatchObject({ preferred_name: 'Sky', city: 'Logan' });
  });
});
