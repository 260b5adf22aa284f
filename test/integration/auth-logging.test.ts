import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLogger } from '../../platform/logger.server.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { codeFrom, parseMail, resetLinkFrom, type ReceivedMail } from '../helpers/smtp.js';
import { GOOD_PASSWORD, OTHER_PASSWORD, sessionCookieFrom } from './auth-helpers.js';

/** Everything pino writes during the whole account flow, to check that no secret reaches the logs. */
let output = '';
let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  ctx = await createTestApp({ logger: createLogger('trace', sink) });
});
afterAll(() => ctx.close());

/** No SMTP_URL: the DESIGN §5 outbox. Waits for the n-th message file. */
async function outboxMail(index: number): Promise<ReceivedMail> {
  const dir = join(ctx.config.dataDir, 'outbox');
  for (let i = 0; i < 200; i++) {
    const files = existsSync(dir) ? readdirSync(dir).sort() : [];
    if (files.length > index) return parseMail(readFileSync(join(dir, files[index]!), 'utf8'));
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`outbox has no message #${index}`);
}

it('logs no password, confirmation code, reset token or session id during the whole flow', async () => {
  const username = 'private@example.org';
  const secrets: string[] = [GOOD_PASSWORD, OTHER_PASSWORD, 'Wrong-Password-77'];

  await request(ctx.app).post('/public/signup').send({ username, password: GOOD_PASSWORD }).expect(200);
  const code = codeFrom(await outboxMail(0));
  secrets.push(code);
  await request(ctx.app)
    .post('/public/confirm')
    .send({ username, code: code === '000000' ? '111111' : '000000' })
    .expect(400);
  await request(ctx.app).post('/public/confirm').send({ username, code }).expect(200);
  await request(ctx.app).post('/public/login').send({ username, password: 'Wrong-Password-77' }).expect(400);
  // A malformed body that still carries the password.
  await request(ctx.app)
    .post('/public/login')
    .set('Content-Type', 'application/json')
    .send(`{"username":"${username}","password":"${GOOD_PASSWORD}"`)
    .expect(400);
  const login = await request(ctx.app).post('/public/login').send({ username, password: GOOD_PASSWORD }).expect(200);
  const cookie = sessionCookieFrom(login.headers['set-cookie'] as unknown as string[]);
  secrets.push(decodeURIComponent(cookie.split('=')[1]!));
  await request(ctx.app).get('/api/session').set('Cookie', cookie).expect(200);
  await request(ctx.app).post('/api/logout').set('Cookie', cookie).expect(200);
  await request(ctx.app).get('/api/session').set('Cookie', cookie).expect(401);

  await request(ctx.app).post('/public/forgot-password').send({ username }).expect(200);
  const link = resetLinkFrom(await outboxMail(1));
  const token = link.searchParams.get('id')!;
  secrets.push(token);
  await request(ctx.app).get(`/reset${link.search}`).expect(200);
  await request(ctx.app)
    .post('/public/reset-password')
    .send({ username, password: OTHER_PASSWORD, confirm_password: OTHER_PASSWORD, id: token })
    .expect(200);
  await request(ctx.app).post('/public/login').send({ username, password: OTHER_PASSWORD }).expect(200);
  await outboxMail(2); // the "password changed" notice, logged as well

  expect(output).toContain('"msg":"request completed"');
  expect(output).toContain('mail written to outbox');
  for (const secret of secrets) expect(output).not.toContain(secret);
  expect(output).not.toContain(encodeURIComponent(token));
});
