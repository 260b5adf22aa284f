import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { PASSKEY_SIGN_IN_PATH } from '../../contracts/passkey-sign-in.js';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type { MailBox } from '../helpers/smtp.js';
import { recordMail } from './auth-helpers.js';
import { IP_LIMITS, MAIL_LIMIT, type LimitedAction } from '../../server/auth/limits.server.js';

let ctx: TestContext;
let mail: MailBox;
let ipCounter = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  mail = recordMail(ctx);
});
afterAll(() => ctx.close());
beforeEach(() => ctx.clock.advance(3600_000));

const PATHS: Record<LimitedAction, string> = {
  signup: '/public/signup',
  login: '/public/login',
  confirm: '/public/confirm',
  resend: '/public/resend-confirm',
  forgot: '/public/forgot-password',
  reset: '/public/reset-password',
  passkey: PASSKEY_SIGN_IN_PATH,
};

// The app trusts X-Forwarded-For from loopback (a local reverse proxy), so tests can speak as many clients.
const nextIp = () => `203.0.113.${++ipCounter}`;

describe('per-IP limits (429 with Retry-After)', () => {
  it.each(['signup', 'login', 'forgot', 'resend', 'confirm', 'reset', 'passkey'] as const)('%s', async (action) => {
    const ip = nextIp();
    const { max, windowMs } = IP_LIMITS[action];
    // Invalid bodies are cheap and still count: the limit applies before any work.
    for (let i = 0; i < max; i++) {
      const res = await request(ctx.app).post(PATHS[action]).set('X-Forwarded-For', ip).send({});
      expect(res.status).toBe(400);
    }
    const limited = await request(ctx.app).post(PATHS[action]).set('X-Forwarded-For', ip).send({});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
    expect(limited.body.message).toMatch(/Too many requests/);
    // On a Spanish page the refusal, its wait included, is Spanish.
    const spanish = await request(ctx.app).post(PATHS[action]).set('X-Forwarded-For', ip).set('Cookie', 'lang=es').send({});
    expect(spanish.body.message).toMatch(/^Demasiadas solicitudes desde tu red\. Espera \d+ minutos? y vuelve a intentarlo\.$/);

    // Another client is not affected; the same client may continue after the window.
    expect((await request(ctx.app).post(PATHS[action]).set('X-Forwarded-For', nextIp()).send({})).status).toBe(400);
    ctx.clock.advance(Number(limited.headers['retry-after']) * 1000);
    expect((await request(ctx.app).post(PATHS[action]).set('X-Forwarded-For', ip).send({})).status).toBe(400);
  });

  it('keeps its counters in the database, shared by every web process', async () => {
    const ip = nextIp();
    const second = await createTestApp({ db: ctx.db });
    try {
      const { max } = IP_LIMITS.forgot;
      for (let i = 0; i < max; i++) {
        const app = i % 2 === 0 ? ctx.app : second.app;
        await request(app).post(PATHS.forgot).set('X-Forwarded-For', ip).send({});
      }
      second.clock.set(ctx.clock.now);
      expect((await request(second.app).post(PATHS.forgot).set('X-Forwarded-For', ip).send({})).status).toBe(429);
    } finally {
      // The database belongs to ctx; do not drop it here.
      await second.queue?.stop().catch(() => undefined);
    }
  });
});

describe('per-address e-mail limit', () => {
  it(`allows ${MAIL_LIMIT.max} e-mails to one address per window, from any network`, async () => {
    const username = 'flooded@example.org';
    for (let i = 0; i < MAIL_LIMIT.max; i++) {
      expect((await request(ctx.app).post(PATHS.forgot).set('X-Forwarded-For', nextIp()).send({ username })).status).toBe(200);
    }
    const limited = await request(ctx.app).post(PATHS.resend).set('X-Forwarded-For', nextIp()).send({ username });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const spanish = await request(ctx.app).post(PATHS.resend).set('X-Forwarded-For', nextIp()).set('Cookie', 'lang=es').send({ username });
    expect(spanish.body.message).toMatch(
      /^Se pidieron demasiados correos para esta dirección\. Espera \d+ minutos? y vuelve a intentarlo\.$/,
    );
    ctx.clock.advance(MAIL_LIMIT.windowMs);
    expect((await request(ctx.app).post(PATHS.forgot).send({ username })).status).toBe(200);
    expect(mail.messages.length).toBe(0); // unknown address: nothing was ever sent
  });
});
