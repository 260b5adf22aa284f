import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { signPrintToken } from '../../platform/tokens/print-token.server.js';
import { pageChangeMarker } from '../../server/application/page-data.server.js';
import { PAGE_CHANGED_COOKIE } from '../../contracts/page-change.js';

let ctx: TestContext;
let student: TestUser;
let mover: TestUser;
let submitted: TestUser;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
  student = await createLoggedInUser(ctx);
  mover = await createLoggedInUser(ctx);
  submitted = await createLoggedInUser(ctx);
  await request(ctx.app).put('/api/answer').set('Cookie', submitted.cookie).send(COMPLETE_ANSWERS).expect(200);
  await request(ctx.app).post('/api/submit').set('Cookie', submitted.cookie).expect(200);
  await request(ctx.app).put('/api/last-page').set('Cookie', mover.cookie).send({ last_page: '/education' }).expect(200);
});
afterAll(() => ctx?.close());

const get = (path: string, cookie?: string) => {
  const req = request(ctx.app).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

/** The page a browser ends on, following redirects (a page's own guard may add a hop). */
async function landing(path: string, cookie?: string): Promise<{ path: string; status: number }> {
  let current = path;
  for (let hops = 0; hops < 5; hops++) {
    const res = await get(current, cookie);
    if (res.status !== 302) return { path: current, status: res.status };
    current = res.headers.location!;
  }
  throw new Error(`redirect loop from ${path}`);
}

/** The cookie a browser sends after markChangedPage() in this session. */
const changedPage = (user: TestUser) => `${user.cookie}; ${PAGE_CHANGED_COOKIE}=${pageChangeMarker(ctx.services, { cookie: user.cookie })}`;

describe('§2 routing rules (pages/+guard.ts)', () => {
  it('sends visitors from /completion to the default route, keeping the query string', async () => {
    const res = await get('/completion?token=abc');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/about?token=abc');
    expect((await get('/about')).status).toBe(200);
    expect((await get('/login')).status).toBe(200);
  });

  it('sends a not-submitted student from /completion to the default route', async () => {
    const res = await get('/completion', student.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/about');
  });

  it('sends logged-in students from /login and /signup to the application', async () => {
    for (const path of ['/login', '/signup']) expect(await landing(path, student.cookie)).toEqual({ path: '/about', status: 200 });
  });

  it('renders the other pages for a not-submitted student', async () => {
    for (const path of ['/about', '/education', '/final-steps', '/confirm', '/forgot'])
      expect((await get(path, student.cookie)).status).toBe(200);
  });

  it('sends a submitted student to /completion from every other route, and shows /completion', async () => {
    for (const path of ['/about', '/education', '/final-steps', '/confirm', '/forgot', '/reset?username=a%40b.org&id=x']) {
      const res = await get(path, submitted.cookie);
      expect({ path, status: res.status, location: res.headers.location }).toEqual({ path, status: 302, location: '/completion' });
    }
    for (const path of ['/login', '/signup']) expect(await landing(path, submitted.cookie)).toEqual({ path: '/completion', status: 200 });
    const completion = await get('/completion', submitted.cookie);
    expect(completion.status).toBe(200);
    expect(completion.text).toContain('Your application was successfully submitted.');
  });

  it('on first load sends a student to the last page visited, keeping the query string', async () => {
    const res = await get('/about?x=1', mover.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/education?x=1');
    expect((await get('/education', mover.cookie)).status).toBe(200);
    expect(await landing('/login', mover.cookie)).toEqual({ path: '/education', status: 200 });
  });

  it('does not send a student who already moved in this session back to the last page', async () => {
    expect((await get('/about', changedPage(mover))).status).toBe(200);
    expect((await get('/final-steps', changedPage(mover))).status).toBe(200);
  });

  it('ignores a page-change flag from another session (an earlier login, another account)', async () => {
    const stale = `${mover.cookie}; ${PAGE_CHANGED_COOKIE}=${pageChangeMarker(ctx.services, { cookie: student.cookie })}`;
    expect((await get('/about', stale)).status).toBe(302);
    const forged = `${mover.cookie}; ${PAGE_CHANGED_COOKIE}=1`;
    expect((await get('/about', forged)).status).toBe(302);
  });

  it('opens nothing with a service_token on any page but /print, whose print ticket works once (issue 23 finding 3)', async () => {
    const token = signPrintToken(TEST_SESSION_SECRET, submitted.id, ctx.services.now());
    for (const path of ['/about', '/education', '/final-steps', '/completion', '/confirm', '/forgot', '/reset']) {
      const res = await get(`${path}?service_token=${token}`).set('Accept', 'text/html');
      expect({ path, status: res.status }).toEqual({ path, status: 410 });
    }
    expect((await get(`/print?service_token=${token}`)).status).toBe(200);
    expect((await get(`/print?service_token=${token}`)).status).toBe(403);
  });

  it('says in plain words, on a page without any script, that a service_token is not valid', async () => {
    const moved = await get('/about?service_token=forged').set('Accept', 'text/html');
    expect(moved.status).toBe(410);
    expect(moved.text).toContain('Staff links have moved to the staff desk');
    const res = await get('/print?service_token=forged').set('Accept', 'text/html');
    expect(res.status).toBe(401);
    expect(res.text).toContain('This link is not valid');
    expect(res.text).not.toContain('Something went wrong.');
    expect(res.text).not.toContain('<script');
  });
});
