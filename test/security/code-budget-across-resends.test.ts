import { afterAll, beforeAll, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type { MailBox } from '../helpers/smtp.js';
import { GOOD_PASSWORD, latestCode, recordMail } from '../integration/auth-helpers.js';
import { ACCOUNT_MESSAGES, CODE_GUESSES, MAX_CODE_ATTEMPTS } from '../../server/auth/accounts.server.js';

/**
 * Issue 13 item 6: on main a resend reset the code's failed-attempt count, so one address allowed 5 codes × 5
 * guesses per 15 minutes. The budget belongs to the account: resends do not refill it.
 */
let ctx: TestContext;
let mail: MailBox;
beforeAll(async () => {
  ctx = await createTestApp();
  mail = recordMail(ctx);
});
afterAll(() => ctx.close());

const post = (path: string, body: object) => request(ctx.app).post(path).send(body);
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function resend(username: string): Promise<string> {
  const before = mail.messages.length;
  expect((await post('/public/resend-confirm', { username })).status).toBe(200);
  return latestCode(mail, username, before);
}

it(`allows ${MAX_CODE_ATTEMPTS} wrong codes per account in all, however many codes were sent`, async () => {
  const username = 'guessing@example.edu';
  expect((await post('/public/signup', { username, password: GOOD_PASSWORD })).status).toBe(200);
  let code = await latestCode(mail, username);
  for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++)
    expect((await post('/public/confirm', { username, code: wrongFor(code) })).status).toBe(400);

  code = await resend(username);
  expect((await post('/public/confirm', { username, code: wrongFor(code) })).status).toBe(400);

  // The budget is spent: even the right code of a fresh resend is refused with the usual message.
  code = await resend(username);
  const refused = await post('/public/confirm', { username, code });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe(ACCOUNT_MESSAGES.badCode);

  // Never a lockout for good: after the wait a new code works.
  ctx.clock.advance(CODE_GUESSES.blockMs);
  code = await resend(username);
  expect((await post('/public/confirm', { username, code })).status).toBe(200);
});
