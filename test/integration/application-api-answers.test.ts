import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { CONFLICT_MESSAGE, SAVED_MESSAGE } from '../../server/application/routes.server.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-11-22T12:00:00Z'));
  alice = await createLoggedInUser(ctx);
  bob = await createLoggedInUser(ctx);
});
afterAll(() => ctx.close());

const as = (user: TestUser) => ({
  get: (path: string) => request(ctx.app).get(path).set('Cookie', user.cookie),
  put: (path: string) => request(ctx.app).put(path).set('Cookie', user.cookie),
  post: (path: string) => request(ctx.app).post(path).set('Cookie', user.cookie),
});

describe('GET /api/profile (§3)', () => {
  it('returns the profile with the answers version as an ETag', async () => {
    const res = await as(alice).get('/api/profile');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"v0"');
    expect(res.body).toMatchObject({
      username: alice.username,
      last_page: null,
      web_status: [],
      answer: {},
      document_answer: {},
      version: 0,
    });
    expect(res.body.successful_login).toHaveLength(1);
  });

  it('needs a session (401)', async () => {
    const res = await request(ctx.app).get('/api/profile');
    expect(res.status).toBe(401);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('PUT /api/answer', () => {
  it('saves answers, derives _desc from the options and bumps the version', async () => {
    const res = await as(alice).put('/api/answer').send({ first_name: 'Maria', state: 'UT', state_desc: 'forged label' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SAVED_MESSAGE);
    expect(res.body.answer.state_desc).toBe('Utah');
    expect(res.headers.etag).toBe(`"v${res.body.version}"`);
  });

  it('clears answers that a condition hides (§4)', async () => {
    await as(alice).put('/api/answer').send({ state: 'UT', state_legal_residency: 'Y', free_lunch: 'N' });
    const res = await as(alice).put('/api/answer').send({ state: 'CA' });
    expect(res.body.answer.state_legal_residency).toBe('');
    expect(res.body.answer.free_lunch).toBe('');
  });

  it("accepts a converted document's ANSWERED mark without storing it among the answers", async () => {
    const res = await as(alice).put('/api/answer').send({ transcript: 'ANSWERED', first_name: 'Maria' });
    expect(res.status).toBe(200);
    expect(res.body.answer.transcript).toBeUndefined();
  });

  it('rejects unknown keys with 400 naming them', async () => {
    const res = await as(alice).put('/api/answer').send({ first_name: 'A', favourite_colour: 'blue', shoe_size: '9' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown answer keys: favourite_colour, shoe_size');
  });

  it.each([
    ['an array', ['a']],
    ['a number value', { first_name: 3 }],
    ['an object value', { first_name: { x: 1 } }],
    ['an over-long value', { first_name: 'x'.repeat(7001) }],
  ])('rejects %s with 400', async (_name, payload) => {
    const res = await as(alice)
      .put('/api/answer')
      .send(payload as object);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses a stale save with 409 and the current answers: no silent overwrite between tabs', async () => {
    const profile = await as(alice).get('/api/profile');
    const etag = profile.headers.etag as string;
    const first = await as(alice).put('/api/answer').set('If-Match', etag).send({ middle_name: 'Tab One' });
    expect(first.status).toBe(200);
    const stale = await as(alice).put('/api/answer').set('If-Match', etag).send({ middle_name: 'Tab Two' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(CONFLICT_MESSAGE);
    expect(stale.body.answer.middle_name).toBe('Tab One');
    expect(stale.body.version).toBe(first.body.version);
    const after = await as(alice).get('/api/profile');
    expect(after.body.answer.middle_name).toBe('Tab One');
  });

  it('applies a save without If-Match as is', async () => {
    const res = await as(alice).put('/api/answer').send({ middle_name: 'Scripted' });
    expect(res.status).toBe(200);
  });

  it('rejects a malformed If-Match with 400', async () => {
    const res = await as(alice).put('/api/answer').set('If-Match', 'yesterday').send({ middle_name: 'X' });
    expect(res.status).toBe(400);
  });

  it('needs a session (401)', async () => {
    expect((await request(ctx.app).put('/api/answer').send({ first_name: 'x' })).status).toBe(401);
  });
});

describe('user isolation', () => {
  it("never shows or changes one applicant's answers for another", async () => {
    await as(alice).put('/api/answer').send({ last_name: 'Private' });
    const bobsProfile = await as(bob).get('/api/profile');
    expect(bobsProfile.body.answer.last_name).toBeUndefined();
    await as(bob).put('/api/answer').send({ last_name: 'Bob' });
    const alices = await as(alice).get('/api/profile');
    expect(alices.body.answer.last_name).toBe('Private');
  });
});

describe('user isolation of page, status and validations', () => {
  it("keeps one applicant's last page, statuses and validation results away from another", async () => {
    const frank = await createLoggedInUser(ctx);
    const gina = await createLoggedInUser(ctx);
    await as(frank).put('/api/last-page').send({ last_page: '/final-steps' });
    await as(frank).post('/api/web-status').send({ web_status: 'validating' });
    await as(frank)
      .post('/api/validations')
      .send([{ key: 'first_name', page: 'about', messages: ['x'] }]);
    const ginas = await as(gina).get('/api/profile');
    expect(ginas.body.last_page).toBeNull();
    expect(ginas.body.web_status).toEqual([]);
    const stored = await ctx.db.knex('applications').where({ user_id: gina.id }).first();
    expect(stored?.validations ?? null).toBeNull();
    expect((await as(frank).get('/api/profile')).body.last_page).toBe('/final-steps');
  });
});

describe('PUT /api/last-page and POST /api/web-status', () => {
  it('records the last page', async () => {
    const res = await as(alice).put('/api/last-page').send({ last_page: '/education' });
    expect(res.status).toBe(200);
    expect((await as(alice).get('/api/profile')).body.last_page).toBe('/education');
  });

  it('rejects an unknown page with 400', async () => {
    expect((await as(alice).put('/api/last-page').send({ last_page: '/admin' })).status).toBe(400);
  });

  it('records distinct statuses once each', async () => {
    await as(alice).post('/api/web-status').send({ web_status: 'started' });
    const res = await as(alice).post('/api/web-status').send({ web_status: 'started' });
    expect(res.body.web_status).toEqual([{ web_status: 'started' }]);
  });

  it('refuses "submitted" unless the application was submitted', async () => {
    const res = await as(alice).post('/api/web-status').send({ web_status: 'submitted' });
    expect(res.status).toBe(409);
  });

  it('rejects an unknown status with 400 and needs a session', async () => {
    expect((await as(alice).post('/api/web-status').send({ web_status: 'accepted' })).status).toBe(400);
    expect((await request(ctx.app).post('/api/web-status').send({ web_status: 'started' })).status).toBe(401);
  });
});
