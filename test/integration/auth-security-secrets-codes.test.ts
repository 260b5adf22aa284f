import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type { MailBox } from '../helpers/smtp.js';
import { GOOD_PASSWORD, OTHER_PASSWORD, createAccount, latestCode, latestResetLink, logIn, recordMail } from './auth-helpers.js';
import { sha256 } from '../../server/auth/tokens.server.js';
import { CODE_GUESSES, MAX_CODE_ATTEMPTS } from '../../server/auth/accounts.server.js';
import { CODE_LIFETIME_MINUTES } from '../../server/auth/mails.server.js';
import { COMMON_PASSWORD_MESSAGE } from '../../server/auth/passwords.server.js';
import { sessionIdHash } from '../../server/auth/session.server.js';
import { findUserByUsername } from '../../db/repos/users.server.js';

const MINUTE = 60_000;
let ctx: TestContext;
let mail: MailBox;
let n = 0;
/** A fresh address per test, so limits and backoff of one test never touch another. */
let user: string;

beforeAll(async () => {
  ctx = await createTestApp();
  mail = recordMail(ctx);
});
afterAll(() => ctx.close());
beforeEach(() => {
  user = `student${++n}@example.org`;
  // Per-IP windows last 15 minutes: moving on an hour gives every test a clean slate.
  ctx.clock.advance(60 * MINUTE);
});

const post = (path: string, body: object) => request(ctx.app).post(path).send(body);

describe('stored secrets', () => {
  it('hashes passwords with argon2id', async () => {
    await createAccount(ctx, mail, user);
    const row = await findUserByUsername(ctx.db.knex, user);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain(GOOD_PASSWORD);
  });

  it('stores the confirmation code keyed-hashed, never in clear, and not as a plain sha256', async () => {
    await post('/public/signup', { username: user, password: GOOD_PASSWORD });
    const code = await latestCode(mail, user);
    const account = await findUserByUsername(ctx.db.knex, user);
    const row = await ctx.db.knex('confirmation_codes').where({ user_id: account!.id }).first();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.code_hmac).not.toBe(sha256(code));
  });

  it('stores the reset token as a hash only', async () => {
    await createAccount(ctx, mail, user);
    const before = mail.messages.length;
    await post('/public/forgot-password', { username: user });
    const id = (await latestResetLink(mail, user, before)).searchParams.get('id')!;
    const rows = await ctx.db.knex('password_resets').select('*');
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(rows.map((r) => r.token_hash)).toContain(sha256(id));
  });

  it('stores sessions by an HMAC (under SESSION_SECRET) of a 256-bit id', async () => {
    await createAccount(ctx, mail, user);
    const cookie = await logIn(ctx, user);
    const id = decodeURIComponent(cookie.split('=')[1]!);
    expect(Buffer.from(id, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await ctx.db.knex('sessions').select('id_hash');
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(rows.map((r) => r.id_hash)).toContain(sessionIdHash(ctx.config.sessionSecret, id));
  });
});

describe('confirmation codes', () => {
  it(`live ${CODE_LIFETIME_MINUTES} minutes (≤ 1 hour), then fail`, async () => {
    expect(CODE_LIFETIME_MINUTES).toBeLessThanOrEqual(60);
    await post('/public/signup', { username: user, password: GOOD_PASSWORD });
    const code = await latestCode(mail, user);
    ctx.clock.advance(CODE_LIFETIME_MINUTES * MINUTE);
    expect((await post('/public/confirm', { username: user, code })).status).toBe(400);
  });

  it('still work just before they expire', async () => {
    await post('/public/signup', { username: user, password: GOOD_PASSWORD });
    const code = await latestCode(mail, user);
    ctx.clock.advance(CODE_LIFETIME_MINUTES * MINUTE - 1000);
    expect((await post('/public/confirm', { username: user, code })).status).toBe(200);
  });

  it('are invalidated by a resend; the new code works', async () => {
    await post('/public/signup', { username: user, password: GOOD_PASSWORD });
    const first = await latestCode(mail, user);
    const before = mail.messages.length;
    expect((await post('/public/resend-confirm', { username: user })).status).toBe(200);
    const second = await latestCode(mail, user, before);
    if (first !== second) expect((await post('/public/confirm', { username: user, code: first })).status).toBe(400);
    expect((await post('/public/confirm', { username: user, code: second })).status).toBe(200);
  });

  it(`die after ${MAX_CODE_ATTEMPTS} wrong attempts, even for the right code afterwards`, async () => {
    await post('/public/signup', { username: user, password: GOOD_PASSWORD });
    const code = await latestCode(mail, user);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      const res = await post('/public/confirm', { username: user, code: wrong });
      expect(res.status).toBe(400);
    }
    expect((await post('/public/confirm', { username: user, code })).status).toBe(400);
    // A new code is needed, and works once the account's wait is over (a resend does not refill the budget:
    // test/security/code-budget-across-resends.test.ts).
    const before = mail.messages.length;
    await post('/public/resend-confirm', { username: user });
    ctx.clock.advance(CODE_GUESSES.blockMs);
    expect((await post('/public/confirm', { username: user, code: await latestCode(mail, user, before) })).status).toBe(200);
  });

  it(`survive ${MAX_CODE_ATTEMPTS - 1} wrong attempts`, async () => {
    await post('/public/signup', { username: user, password: GOOD_PASSWORD });
    const code = await latestCode(mail, user);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++) await post('/public/confirm', { username: user, code: wrong });
    expect((await post('/public/confirm', { username: user, code })).status).toBe(200);
  });

  it('are single use', async () => {
    await post('/public/signup', { username: user, password: GOOD_PASSWORD });
    const code = await latestCode(mail, user);
    expect((await post('/public/confirm', { username: user, code })).status).toBe(200);
    expect((await post('/public/confirm', { username: user, code })).status).toBe(400);
  });

  it('a second sign-up for an unconfirmed address never replaces the first password', async () => {
    await post('/public/signup', { username: user, password: GOOD_PASSWORD });
    const before = mail.messages.length;
    await post('/public/signup', { username: user, password: OTHER_PASSWORD });
    await post('/public/confirm', { username: user, code: await latestCode(mail, user, before) });
    expect((await post('/public/login', { username: user, password: OTHER_PASSWORD })).status).toBe(400);
    expect((await post('/public/login', { username: user, password: GOOD_PASSWORD })).status).toBe(200);
  });
});

describe('passwords', () => {
  it.each(['Password123!', 'P@ssw0rd1234', 'Summer2024!!', 'Football#2025'])(
    'rejects the common password %j although it meets the rules',
    async (password) => {
      const res = await post('/public/signup', { username: user, password });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(COMMON_PASSWORD_MESSAGE);
    },
  );

  it('rejects a common password on reset too', async () => {
    await createAccount(ctx, mail, user);
    const before = mail.messages.length;
    await post('/public/forgot-password', { username: user });
    const id = (await latestResetLink(mail, user, before)).searchParams.get('id')!;
    const res = await post('/public/reset-password', { username: user, password: 'Password123!', confirm_password: 'Password123!', id });
    expect(res.body.message).toBe(COMMON_PASSWORD_MESSAGE);
    // The link was not used up by the refused attempt.
    expect(
      (await post('/public/reset-password', { username: user, password: OTHER_PASSWORD, confirm_password: OTHER_PASSWORD, id })).status,
    ).toBe(200);
  });
});
