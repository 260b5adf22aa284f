import { afterAll, beforeAll, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type { MailBox } from '../helpers/smtp.js';
import { createAccount, logIn, recordMail } from '../integration/auth-helpers.js';
import { SESSION_INVALID_MESSAGE } from '../../contracts/messages.js';

/**
 * Issue 13 item 15: docs/operations.md says rotating SESSION_SECRET ends every session. Sessions are random ids, and
 * on main the table held their plain sha256, so a new secret found them all. Now it holds an HMAC under the
 * secret: the same database under a new secret knows none of them.
 */
let before: TestContext;
let after: TestContext | undefined;
let mail: MailBox;
beforeAll(async () => {
  before = await createTestApp();
  mail = recordMail(before);
});
afterAll(async () => {
  await after?.close();
  if (!after) await before.close();
});

it('a session made under one secret is refused (401) once the server runs with another', async () => {
  await createAccount(before, mail, 'rotated@example.edu');
  const cookie = await logIn(before, 'rotated@example.edu');
  expect((await request(before.app).get('/api/session').set('Cookie', cookie)).status).toBe(200);

  // The same database, a new secret (a restart after rotating SESSION_SECRET).
  after = await createTestApp({ db: before.db, env: { SESSION_SECRET: 'a-freshly-rotated-secret-of-more-than-32-characters' } });
  after.clock.set(before.clock.now);
  const res = await request(after.app).get('/api/session').set('Cookie', cookie);
  expect(res.status).toBe(401);
  expect(res.body.message).toBe(SESSION_INVALID_MESSAGE);
});
