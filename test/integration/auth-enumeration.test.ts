import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type { MailBox } from '../helpers/smtp.js';
import { GOOD_PASSWORD, OTHER_PASSWORD, createAccount, recordMail } from './auth-helpers.js';
import { LOGIN_BACKOFF, MAIL_LIMIT } from '../../server/auth/limits.server.js';

/**
 * No account enumeration: for each call, a registered (or unconfirmed) address and an unknown one get
 * the same status and the same body. Headers that could differ (Set-Cookie) are compared too.
 */
let ctx: TestContext;
let mail: MailBox;
const CONFIRMED = 'known@example.org';
const UNCONFIRMED = 'pending@example.org';
const UNKNOWN = 'nobody@example.org';

beforeAll(async () => {
  ctx = await createTestApp();
  mail = recordMail(ctx);
  await createAccount(ctx, mail, CONFIRMED);
  await request(ctx.app).post('/public/signup').send({ username: UNCONFIRMED, password: GOOD_PASSWORD });
});
afterAll(() => ctx.close());

async function answers(path: string, bodies: object[]) {
  ctx.clock.advance(3600_000);
  const results = [];
  for (const body of bodies) {
    const res = await request(ctx.app).post(path).send(body);
    results.push({ status: res.status, body: res.body, setCookie: res.headers['set-cookie'] ?? null });
  }
  return results;
}

function expectAllEqual(results: unknown[]) {
  for (const r of results.slice(1)) expect(r).toEqual(results[0]);
}

describe('same status and body whether or not the address has an account', () => {
  it('sign-up with a registered, an unconfirmed and a new address', async () => {
    const results = await answers('/public/signup', [
      { username: CONFIRMED, password: OTHER_PASSWORD },
      { username: UNCONFIRMED, password: OTHER_PASSWORD },
      { username: 'brand-new@example.org', password: OTHER_PASSWORD },
    ]);
    expect(results[0]!.status).toBe(200);
    expectAllEqual(results);
    // The registered owner is told by e-mail instead.
    await mail.waitFor((m) => m.to.includes(CONFIRMED) && /already have/.test(m.subject));
  });

  it('login with an unknown address and with a wrong password', async () => {
    const results = await answers('/public/login', [
      { username: UNKNOWN, password: OTHER_PASSWORD },
      { username: CONFIRMED, password: OTHER_PASSWORD },
    ]);
    expect(results[0]!.status).toBe(400);
    expectAllEqual(results);
  });

  it('forgot password for unknown, unconfirmed and registered addresses', async () => {
    const results = await answers('/public/forgot-password', [{ username: UNKNOWN }, { username: UNCONFIRMED }, { username: CONFIRMED }]);
    expect(results[0]!.status).toBe(200);
    expectAllEqual(results);
  });

  it('resend confirmation for unknown, unconfirmed and registered addresses', async () => {
    const results = await answers('/public/resend-confirm', [{ username: UNKNOWN }, { username: UNCONFIRMED }, { username: CONFIRMED }]);
    expect(results[0]!.status).toBe(200);
    expectAllEqual(results);
  });

  it('confirm with a code for an unknown address and a wrong code for a real one', async () => {
    const results = await answers('/public/confirm', [
      { username: UNKNOWN, code: '123456' },
      { username: UNCONFIRMED, code: '123456' },
      { username: CONFIRMED, code: '123456' },
    ]);
    expect(results[0]!.status).toBe(400);
    expectAllEqual(results);
  });

  it('reset with a made-up link for unknown and registered addresses', async () => {
    const id = 'A'.repeat(43);
    const results = await answers('/public/reset-password', [
      { username: UNKNOWN, password: OTHER_PASSWORD, confirm_password: OTHER_PASSWORD, id },
      { username: CONFIRMED, password: OTHER_PASSWORD, confirm_password: OTHER_PASSWORD, id },
    ]);
    expect(results[0]!.status).toBe(400);
    expectAllEqual(results);
  });

  it('login backoff: unknown addresses are throttled exactly like real ones', async () => {
    ctx.clock.advance(24 * 3600_000);
    const run = async (username: string) => {
      const out = [];
      for (let i = 0; i <= LOGIN_BACKOFF.freeFailures; i++) {
        const res = await request(ctx.app).post('/public/login').send({ username, password: OTHER_PASSWORD });
        out.push({ status: res.status, body: res.body, retryAfter: res.headers['retry-after'] ?? null });
      }
      return out;
    };
    const unknown = await run('ghost@example.org');
    const known = await run(CONFIRMED);
    expect(known.at(-1)!.status).toBe(429);
    expect(unknown).toEqual(known);
  });

  it('mail limit: unknown addresses are limited exactly like real ones', async () => {
    ctx.clock.advance(24 * 3600_000);
    const run = async (username: string) => {
      const out = [];
      for (let i = 0; i <= MAIL_LIMIT.max; i++) {
        const res = await request(ctx.app).post('/public/forgot-password').send({ username });
        out.push({ status: res.status, body: res.body, retryAfter: res.headers['retry-after'] ?? null });
      }
      return out;
    };
    const unknown = await run('ghost2@example.org');
    const known = await run(CONFIRMED);
    expect(known.at(-1)!.status).toBe(429);
    expect(unknown).toEqual(known);
  });
});
