import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { PASSWORD_HASHES_AT_ONCE, passwordChecksWaiting } from '../../server/auth/passwords.server.js';
import { PASSWORD_CHECKS_FULL_RETRY_SECONDS } from '../../server/auth/password-line.server.js';

/*
 * Logins at the peak (issue 40): a burst of sign-ins queues for its argon2 checks, but not without end. Once
 * PASSWORD_CHECKS_WAITING_MAX checks wait, the next sign-in, sign-up or reset is told at once to come back in a
 * minute (503, Retry-After), before anything is counted against it; the queued ones are answered as usual.
 */

const BUSY = 'Many people are signing in right now. Please wait a minute and try again.';
const PASSWORD = 'Blue-Canyon-Lantern-42';

let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp({ env: { PASSWORD_CHECKS_WAITING_MAX: '1' } });
}, 120_000);
afterAll(() => ctx?.close());

const login = (username: string) => request(ctx.app).post('/public/login').send({ username, password: PASSWORD });

/** Sign-ins for unknown addresses (each costs a real argon2 check), enough that some wait; resolves when they are answered. */
async function whileTheLineIsFull(run: () => Promise<void>): Promise<number[]> {
  const burst = Array.from({ length: 2 * PASSWORD_HASHES_AT_ONCE + 4 }, (_, i) => login(`burst.${i}.${Date.now()}@example.org`));
  const answered = Promise.all(burst.map((r) => r.then((res) => res.status)));
  for (let waited = 0; passwordChecksWaiting() < 1; waited += 5) {
    if (waited > 20_000) throw new Error('the password checks never queued');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await run();
  return answered;
}

describe('a sign-in when the password checks are full', () => {
  it('is answered at once with 503, Retry-After and what to do; the queued ones as usual', async () => {
    let busy: request.Response | undefined;
    const queued = await whileTheLineIsFull(async () => {
      busy = await login('late@example.org');
    });
    expect(busy!.status).toBe(503);
    expect(busy!.headers['retry-after']).toBe(String(PASSWORD_CHECKS_FULL_RETRY_SECONDS));
    expect(busy!.body.message).toBe(BUSY);
    // Turned away or answered: never a server error, and the queued ones get the usual refusal of an unknown address.
    expect(queued.every((status) => status === 400 || status === 503)).toBe(true);
    expect(queued.filter((status) => status === 400).length).toBeGreaterThanOrEqual(2);
    // Nothing was counted against the turned-away address: once the line is empty, it signs in as usual.
    expect((await login('late@example.org')).status).toBe(400);
  });

  it('without scripts: the login card again, saying so; and in Spanish for a Spanish reader', async () => {
    let page: request.Response | undefined;
    let spanish: request.Response | undefined;
    await whileTheLineIsFull(async () => {
      page = await request(ctx.app).post('/login').type('form').send({ username: 'late.form@example.org', password: PASSWORD });
      spanish = await request(ctx.app)
        .post('/public/login')
        .set('Cookie', 'lang=es')
        .send({ username: 'tarde@example.org', password: PASSWORD });
    });
    expect(page!.status).toBe(503);
    expect(page!.text).toContain(BUSY);
    expect(page!.text).toContain('name="password"');
    expect(spanish!.status).toBe(503);
    expect(spanish!.body.message).toBe('Muchas personas están iniciando sesión en este momento. Espera un minuto y vuelve a intentarlo.');
  });

  it('a sign-up is turned away the same way, before its e-mail is counted', async () => {
    let signup: request.Response | undefined;
    await whileTheLineIsFull(async () => {
      signup = await request(ctx.app).post('/public/signup').send({ username: 'new.one@example.org', password: PASSWORD });
    });
    expect(signup!.status).toBe(503);
    expect(signup!.body.message).toBe(BUSY);
    expect(await ctx.db.knex('users').where({ username: 'new.one@example.org' }).first()).toBeUndefined();
  });
});
