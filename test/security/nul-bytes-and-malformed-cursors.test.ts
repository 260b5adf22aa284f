import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { staffCookie } from '../helpers/staff.js';
import { GOOD_PASSWORD, createAccount, recordMail } from '../integration/auth-helpers.js';
import { POST_FIELDS } from '../../contracts/form-post.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';

/**
 * Issue 23 finding 10: a NUL byte reached PostgreSQL (which refuses it in text and jsonb) and came back as a 500:
 * in an answer, a visitor's form post, the answers carried by a login (which still set a session), the staff
 * search, and an integration cursor whose time was not a time. Each is now a 400 with a message, and none of
 * them sets a session.
 */
let ctx: TestContext;
let integrationKey: string;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp({ env: { STAFF_EMAILS: 'officer@example.edu' } });
  const created = await runClientCommand(ctx.db.knex, { action: 'create', name: 'crm' }, ctx.services.now());
  if (!created.ok) throw new Error(created.message);
  integrationKey = created.lines[1]!;
});
afterAll(() => ctx?.close());

const setsSession = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | undefined) ?? [])
    .some((c) => c.includes(`${SESSION_COOKIE}=`) && !/=;/.test(c));

function expectClear400(res: { status: number; text: string; headers: Record<string, unknown> }) {
  expect(res.status).toBe(400);
  expect(res.text).toMatch(/NUL|not allowed|invalid|must be/i);
  expect(setsSession(res)).toBe(false);
}

describe('a NUL byte', () => {
  it('in PUT /api/answer is a 400 and saves nothing', async () => {
    const user = await createLoggedInUser(ctx);
    const res = await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send({ first_name: 'a\u0000b' });
    expectClear400(res);
    expect(res.body.message).toMatch(/NUL/);
    expect((await request(ctx.app).get('/api/profile').set('Cookie', user.cookie)).body.answer.first_name ?? '').toBe('');
  });

  it("in a visitor's form post (%00) is a 400 and keeps nothing", async () => {
    const res = await request(ctx.app)
      .post('/about')
      .type('form')
      .send(`first_name=a%00b&${encodeURIComponent(POST_FIELDS.action)}=update%3A`);
    expectClear400(res);
    expect(
      await ctx.db
        .knex('kept_answers')
        .count<{ count: number }[]>('* as count')
        .then((r) => Number(r[0]!.count)),
    ).toBe(0);
  });

  it("in a logged-in student's form post is a 400", async () => {
    const user = await createLoggedInUser(ctx);
    const res = await request(ctx.app).post('/about').set('Cookie', user.cookie).type('form').send('first_name=a%00b');
    expectClear400(res);
  });

  it('in the answers carried by POST /public/login is a 400 and sets no session', async () => {
    const mail = recordMail(ctx);
    await createAccount(ctx, mail, 'nul@example.edu');
    const res = await request(ctx.app)
      .post('/public/login')
      .send({ username: 'nul@example.edu', password: GOOD_PASSWORD, answers: { first_name: 'a\u0000b' } });
    expectClear400(res);
  });

  it('in a key of a JSON body is a 400', async () => {
    const user = await createLoggedInUser(ctx);
    const res = await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send({ 'first\u0000name': 'x' });
    expectClear400(res);
  });

  it('in the staff search (GET /staff?q=%00) is a 400', async () => {
    const cookie = await staffCookie(ctx, 'officer@example.edu');
    const res = await request(ctx.app).get('/staff?q=%00').set('Cookie', cookie);
    expectClear400(res);
  });

  it('in any query string is a 400', async () => {
    const res = await request(ctx.app).get('/about?token=%00');
    expectClear400(res);
  });
});

describe('an integration feed cursor', () => {
  const feed = (since: string) =>
    request(ctx.app).get('/integration/v1/applications').query({ since }).set('Authorization', `Bearer ${integrationKey}`);
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    ['{"at":"1"} as it was typed', '{"at":"1"}'],
    ['{"at":"1"} encoded', cursor({ at: '1' })],
    ['a time that is not an ISO time', cursor({ at: '1', id: '00000000-0000-4000-8000-000000000000' })],
    ['a time out of range', cursor({ at: '+275760-09-13T00:00:00.000Z', id: '00000000-0000-4000-8000-000000000000' })],
    ['a NUL in the id', cursor({ at: '2026-01-01T00:00:00.000Z', id: '00000000-0000-4000-8000-00000000000\u0000' })],
  ])('is a 400 with a message when malformed: %s', async (_what, since) => {
    const res = await feed(since);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/since/);
  });

  it('accepts the cursor it handed out', async () => {
    const res = await feed(cursor({ at: '2026-01-01T00:00:00.000Z', id: '00000000-0000-4000-8000-000000000000' }));
    expect(res.status).toBe(200);
  });
});
