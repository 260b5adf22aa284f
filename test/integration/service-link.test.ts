import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { revokeServiceLinks, SERVICE_LINK_EXPIRED, SERVICE_LINK_INVALID, SERVICE_LINK_REVOKED } from '../../server/service/service-token.server.js';
import { signServiceToken } from '../../server/security/service-link-token.server.js';
import { signToken } from '../../server/security/signed-token.server.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, TEST_TMP } from '../helpers/paths.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createLoggedInUser(ctx);
  bob = await createLoggedInUser(ctx);
  await request(ctx.app).put('/api/answer').set('Cookie', alice.cookie).send({ first_name: 'Alice' });
  await request(ctx.app).put('/api/answer').set('Cookie', bob.cookie).send({ first_name: 'Bob' });
});
afterAll(() => ctx.close());

const tokenFor = (user: TestUser, hours = 24) => signServiceToken(TEST_SESSION_SECRET, user.username, { now: ctx.services.now(), hours });

describe('staff read-only links (service_token)', () => {
  it('GET /service/tmp-pdf returns answer, add_another, document_answer and tabs of that application only', async () => {
    const res = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: tokenFor(alice) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['add_another', 'answer', 'document_answer', 'tabs']);
    expect(res.body.answer.first_name).toBe('Alice');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses a forged token (401)', async () => {
    const forged = signServiceToken('another-secret-that-is-long-enough-0123456789', alice.username, { now: ctx.services.now() });
    const res = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: forged });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(SERVICE_LINK_INVALID);
    const garbage = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: 'abc.def' });
    expect(garbage.status).toBe(401);
  });

  it('refuses an expired token (401)', async () => {
    const token = tokenFor(alice, 1);
    ctx.clock.advance(3600_000 + 1000);
    try {
      const res = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: token });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(SERVICE_LINK_EXPIRED);
    } finally {
      ctx.clock.advance(-(3600_000 + 1000));
    }
  });

  it('refuses a token of another purpose and one for no application', async () => {
    const prefill = signToken(TEST_SESSION_SECRET, 'prefill', { u: alice.username }, { now: ctx.services.now(), ttlSeconds: 60 });
    expect((await request(ctx.app).get('/service/tmp-pdf').query({ service_token: prefill })).status).toBe(401);
    const nobody = signServiceToken(TEST_SESSION_SECRET, 'nobody@example.edu', { now: ctx.services.now() });
    expect((await request(ctx.app).get('/service/tmp-pdf').query({ service_token: nobody })).status).toBe(403);
  });

  it('never writes: PUT /api/answer with a service token is 403 even with a session', async () => {
    const res = await request(ctx.app)
      .put('/api/answer')
      .query({ service_token: tokenFor(alice) })
      .set('Cookie', alice.cookie)
      .send({ first_name: 'Mallory' });
    expect(res.status).toBe(403);
    const profile = await request(ctx.app).get('/api/profile').set('Cookie', alice.cookie);
    expect(profile.body.answer.first_name).toBe('Alice');
  });

  it('stops working once revoked', async () => {
    const token = tokenFor(bob);
    expect((await request(ctx.app).get('/service/tmp-pdf').query({ service_token: token })).status).toBe(200);
    ctx.clock.advance(2000);
    await revokeServiceLinks(ctx.db.knex, bob.username, ctx.services.now());
    const res = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SERVICE_LINK_REVOKED);
    ctx.clock.advance(2000);
    expect((await request(ctx.app).get('/service/tmp-pdf').query({ service_token: tokenFor(bob) })).status).toBe(200);
  });

  it('needs a token at all (401)', async () => {
    expect((await request(ctx.app).get('/service/tmp-pdf')).status).toBe(401);
  });

  it('npm run service-link prints working URLs of the three pages (about, education, final steps)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['dist/node/service-link.mjs', alice.username.toUpperCase(), '--hours', '2'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, SESSION_SECRET: TEST_SESSION_SECRET, PUBLIC_URL: 'http://127.0.0.1:3000', DATA_DIR: join(TEST_TMP, 'service-cli') },
    });
    const urls = stdout.trim().split('\n').map((line) => new URL(line));
    expect(urls.map((u) => u.pathname)).toEqual(['/about', '/education', '/final-steps']);
    for (const url of urls) {
      const page = await request(ctx.app).get(url.pathname + url.search).set('Accept', 'text/html');
      expect(page.status).toBe(200);
      expect(page.text).toContain(`Application of ${alice.username}`);
      expect(page.text).toContain(`data-page="${url.pathname.slice(1)}"`);
    }
    const res = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: urls[0]!.searchParams.get('service_token') });
    expect(res.status).toBe(200);
    expect(res.body.answer.first_name).toBe('Alice');
  });
});

describe('a staff link that does not work, opened as a page', () => {
  const openPage = (token: string) => request(ctx.app).get('/education').query({ service_token: token }).set('Accept', 'text/html');
  const expectPlainNotice = (res: request.Response, status: number, heading: string, message: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain(`<h1>${heading}</h1>`);
    expect(res.text).toContain(message);
    expect(res.text).not.toContain('Something went wrong');
    // No applicant data: neither the name nor the e-mail of the application the token names.
    expect(res.text).not.toMatch(/Alice|Bob/);
    expect(res.text).not.toContain(alice.username);
    expect(res.text).not.toContain(bob.username);
    expect(res.headers['cache-control']).toBe('no-store');
  };

  it('says an invalid link is not valid', async () => {
    const forged = signServiceToken('another-secret-that-is-long-enough-0123456789', alice.username, { now: ctx.services.now() });
    expectPlainNotice(await openPage(forged), 401, 'This staff link is not valid', SERVICE_LINK_INVALID);
    expectPlainNotice(await openPage('garbage'), 401, 'This staff link is not valid', SERVICE_LINK_INVALID);
  });

  it('says an expired link has expired', async () => {
    const token = tokenFor(alice, 1);
    ctx.clock.advance(3600_000 + 1000);
    try {
      expectPlainNotice(await openPage(token), 401, 'This staff link has expired', SERVICE_LINK_EXPIRED);
    } finally {
      ctx.clock.advance(-(3600_000 + 1000));
    }
  });

  it('says a revoked link has been revoked', async () => {
    const token = tokenFor(bob);
    ctx.clock.advance(2000);
    await revokeServiceLinks(ctx.db.knex, bob.username, ctx.services.now());
    expectPlainNotice(await openPage(token), 403, 'This staff link has been revoked', SERVICE_LINK_REVOKED);
  });
});
