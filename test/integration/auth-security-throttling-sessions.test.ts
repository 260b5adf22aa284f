import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type { MailBox } from '../helpers/smtp.js';
import { GOOD_PASSWORD, OTHER_PASSWORD, createAccount, latestResetLink, logIn, recordMail } from './auth-helpers.js';
import { RESET_LIFETIME_MINUTES } from '../../server/auth/mails.server.js';
import { LOGIN_BACKOFF } from '../../server/auth/limits.server.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../server/auth/session.server.js';
import { AUTH_MESSAGES } from '../../contracts/auth-check.js';

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

describe('login throttling per account', () => {
  async function fail(times: number) {
    for (let i = 0; i < times; i++)
      expect((await post('/public/login', { username: user, password: 'Wrong-password-1' })).status).toBe(400);
  }

  it('backs off exponentially after 5 failures, with Retry-After, even for the right password', async () => {
    await createAccount(ctx, mail, user);
    await fail(LOGIN_BACKOFF.freeFailures);
    const blocked = await post('/public/login', { username: user, password: GOOD_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    expect(blocked.body.message).toMatch(/wait 30 seconds/);
    // On a Spanish page the refusal and its wait are Spanish.
    const spanish = await post('/public/login', { username: user, password: GOOD_PASSWORD }).set('Cookie', 'lang=es');
    expect(spanish.body.message).toMatch(/^Demasiados intentos fallidos de iniciar sesión\. Espera 30 segundos antes/);

    ctx.clock.advance(30_000);
    await fail(1);
    const longer = await post('/public/login', { username: user, password: GOOD_PASSWORD });
    expect(longer.status).toBe(429);
    expect(longer.headers['retry-after']).toBe('60');

    ctx.clock.advance(60_000);
    await fail(1);
    expect((await post('/public/login', { username: user, password: GOOD_PASSWORD })).headers['retry-after']).toBe('120');
  });

  it('never locks out for good: the wait is capped at 15 minutes and a success resets the count', async () => {
    await createAccount(ctx, mail, user);
    for (let i = 0; i < 12; i++) {
      await fail(1);
      const wait = Number((await post('/public/login', { username: user, password: GOOD_PASSWORD })).headers['retry-after'] ?? 0);
      expect(wait).toBeLessThanOrEqual(15 * 60);
      ctx.clock.advance(wait * 1000);
    }
    expect((await post('/public/login', { username: user, password: GOOD_PASSWORD })).status).toBe(200);
    // After a success the next failure is free again.
    await fail(1);
    expect((await post('/public/login', { username: user, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('a password reset clears the backoff', async () => {
    await createAccount(ctx, mail, user);
    await fail(LOGIN_BACKOFF.freeFailures);
    const before = mail.messages.length;
    await post('/public/forgot-password', { username: user });
    const id = (await latestResetLink(mail, user, before)).searchParams.get('id')!;
    await post('/public/reset-password', { username: user, password: OTHER_PASSWORD, confirm_password: OTHER_PASSWORD, id });
    expect((await post('/public/login', { username: user, password: OTHER_PASSWORD })).status).toBe(200);
  });
});

describe('reset links', () => {
  async function linkFor(username: string): Promise<string> {
    const before = mail.messages.length;
    await post('/public/forgot-password', { username });
    return (await latestResetLink(mail, username, before)).searchParams.get('id')!;
  }
  const resetWith = (username: string, id: string, password = OTHER_PASSWORD) =>
    post('/public/reset-password', { username, password, confirm_password: password, id });

  it('are bound to their username', async () => {
    const other = `other-${user}`;
    await createAccount(ctx, mail, user);
    await createAccount(ctx, mail, other);
    const id = await linkFor(user);
    const res = await resetWith(other, id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.resetLink);
    expect((await post('/public/login', { username: other, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('work once', async () => {
    await createAccount(ctx, mail, user);
    const id = await linkFor(user);
    expect((await resetWith(user, id)).status).toBe(200);
    expect((await resetWith(user, id, 'Third-Password-77')).status).toBe(400);
  });

  it(`expire after ${RESET_LIFETIME_MINUTES} minutes (≤ 1 hour)`, async () => {
    expect(RESET_LIFETIME_MINUTES).toBeLessThanOrEqual(60);
    await createAccount(ctx, mail, user);
    const id = await linkFor(user);
    ctx.clock.advance(RESET_LIFETIME_MINUTES * MINUTE);
    expect((await resetWith(user, id)).status).toBe(400);
  });

  it('are superseded by a newer request', async () => {
    await createAccount(ctx, mail, user);
    const older = await linkFor(user);
    const newer = await linkFor(user);
    expect((await resetWith(user, older)).status).toBe(400);
    expect((await resetWith(user, newer)).status).toBe(200);
  });

  it('a reset ends every session of the account', async () => {
    await createAccount(ctx, mail, user);
    const phone = await logIn(ctx, user);
    const laptop = await logIn(ctx, user);
    const id = await linkFor(user);
    await resetWith(user, id);
    for (const cookie of [phone, laptop]) expect((await request(ctx.app).get('/api/session').set('Cookie', cookie)).status).toBe(401);
  });
});

describe('sessions', () => {
  const session = (cookie: string) => request(ctx.app).get('/api/session').set('Cookie', cookie);

  it('slide: 15 minutes idle ends them, activity keeps them', async () => {
    await createAccount(ctx, mail, user);
    const cookie = await logIn(ctx, user);
    ctx.clock.advance(SESSION_IDLE_MS - MINUTE);
    expect((await session(cookie)).status).toBe(200);
    ctx.clock.advance(SESSION_IDLE_MS - MINUTE);
    expect((await session(cookie)).status).toBe(200);
    ctx.clock.advance(SESSION_IDLE_MS);
    const expired = await session(cookie);
    expect(expired.status).toBe(401);
    expect((expired.headers['set-cookie'] as unknown as string[]).some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
  });

  it('end 12 hours after login however active', async () => {
    await createAccount(ctx, mail, user);
    const cookie = await logIn(ctx, user);
    const step = 10 * MINUTE;
    for (let t = step; t < SESSION_ABSOLUTE_MS; t += step) {
      ctx.clock.advance(step);
      expect((await session(cookie)).status).toBe(200);
    }
    ctx.clock.advance(step);
    expect((await session(cookie)).status).toBe(401);
  });

  it('reject forged and malformed cookies with 401', async () => {
    for (const value of ['x', 'A'.repeat(43), '%00%01', 'A'.repeat(5000)]) {
      expect((await session(`${SESSION_COOKIE}=${value}`)).status).toBe(401);
    }
  });

  it('are Secure when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://apply.example.edu' } });
    try {
      const box = recordMail(https);
      await createAccount(https, box, user);
      const res = await request(https.app).post('/public/login').send({ username: user, password: GOOD_PASSWORD });
      const cookies = res.headers['set-cookie'] as unknown as string[];
      expect(cookies.length).toBeGreaterThanOrEqual(2);
      for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
    } finally {
      await https.close();
    }
  });
});
