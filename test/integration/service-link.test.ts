import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { SERVICE_LINK_EXPIRED, SERVICE_LINK_INVALID, SERVICE_LINK_USED } from '../../server/service/service-token.server.js';
import { signPrintToken } from '../../platform/tokens/print-token.server.js';
import { STAFF_LINKS_MOVED } from '../../server/service/service-mode.server.js';
import { signToken } from '../../platform/tokens/signed-token.server.js';
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

/** The PDF renderer's print ticket (since issue 23 the only service_token there is). */
const tokenFor = (user: TestUser) => signPrintToken(TEST_SESSION_SECRET, user.id, ctx.services.now());

describe('the print ticket (service_token) on /service/tmp-pdf', () => {
  it('GET /service/tmp-pdf returns answer, add_another, document_answer and tabs of that application only', async () => {
    const res = await request(ctx.app)
      .get('/service/tmp-pdf')
      .query({ service_token: tokenFor(alice) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['add_another', 'answer', 'document_answer', 'tabs']);
    expect(res.body.answer.first_name).toBe('Alice');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses a forged token (401)', async () => {
    const forged = signPrintToken('another-secret-that-is-long-enough-0123456789', alice.id, ctx.services.now());
    const res = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: forged });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(SERVICE_LINK_INVALID);
    const garbage = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: 'abc.def' });
    expect(garbage.status).toBe(401);
  });

  it('refuses an expired token (401)', async () => {
    const token = tokenFor(alice);
    ctx.clock.advance(120_000 + 1000);
    try {
      const res = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: token });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(SERVICE_LINK_EXPIRED);
    } finally {
      ctx.clock.advance(-(120_000 + 1000));
    }
  });

  it('refuses a token of another purpose and one for no application', async () => {
    const prefill = signToken(TEST_SESSION_SECRET, 'prefill', { u: alice.username }, { now: ctx.services.now(), ttlSeconds: 60 });
    expect((await request(ctx.app).get('/service/tmp-pdf').query({ service_token: prefill })).status).toBe(401);
    const nobody = signPrintToken(TEST_SESSION_SECRET, '00000000-0000-4000-8000-000000000000', ctx.services.now());
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

  it('works once', async () => {
    const token = tokenFor(bob);
    expect((await request(ctx.app).get('/service/tmp-pdf').query({ service_token: token })).status).toBe(200);
    const res = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SERVICE_LINK_USED);
  });

  it('needs a token at all (401)', async () => {
    expect((await request(ctx.app).get('/service/tmp-pdf')).status).toBe(401);
  });

  it('npm run service-link prints the staff desk URL of the application, which needs the staff session', async () => {
    const run = (arg: string) =>
      promisify(execFile)(process.execPath, ['dist/node/service-link.mjs', arg], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          SESSION_SECRET: TEST_SESSION_SECRET,
          PUBLIC_URL: 'http://127.0.0.1:3000',
          DATA_DIR: join(TEST_TMP, 'service-cli'),
        },
      });
    const { stdout } = await run(alice.id.toUpperCase());
    const url = new URL(stdout.trim());
    expect(url.pathname).toBe(`/staff/applications/${alice.id}`);
    expect(url.search).toBe('');
    const page = await request(ctx.app).get(url.pathname).set('Accept', 'text/html');
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe('/staff/sign-in');
  });
});

describe('a staff link that does not work, opened as a page', () => {
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

  it('on a form page: says staff links have moved to the staff desk, whatever the token', async () => {
    for (const token of [tokenFor(alice), 'garbage']) {
      expectPlainNotice(
        await request(ctx.app).get('/education').query({ service_token: token }).set('Accept', 'text/html'),
        410,
        'Staff links have moved to the staff desk',
        STAFF_LINKS_MOVED,
      );
    }
  });

  it('on /print: says an invalid ticket is not valid, an expired one has expired, a used one has been used', async () => {
    const openPrint = (token: string) => request(ctx.app).get('/print').query({ service_token: token }).set('Accept', 'text/html');
    expectPlainNotice(
      await openPrint(signPrintToken('another-secret-that-is-long-enough-0123456789', alice.id, ctx.services.now())),
      401,
      'This link is not valid',
      SERVICE_LINK_INVALID,
    );
    const old = tokenFor(alice);
    ctx.clock.advance(121_000);
    try {
      expectPlainNotice(await openPrint(old), 401, 'This link has expired', SERVICE_LINK_EXPIRED);
    } finally {
      ctx.clock.advance(-121_000);
    }
    const used = tokenFor(bob);
    await request(ctx.app).get('/service/tmp-pdf').query({ service_token: used }).expect(200);
    expectPlainNotice(await openPrint(used), 403, 'This link has already been used', SERVICE_LINK_USED);
  });
});
