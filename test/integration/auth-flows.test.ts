import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type { MailBox } from '../helpers/smtp.js';
import { GOOD_PASSWORD, OTHER_PASSWORD, createAccount, latestCode, latestResetLink, logIn, recordMail } from './auth-helpers.js';
import { LOGGED_IN_COOKIE, SESSION_COOKIE } from '../../contracts/cookies.js';
import { AUTH_MESSAGES } from '../../contracts/auth-check.js';
import { listLogins, findUserByUsername } from '../../db/repos/users.server.js';
import { findCarriedAnswers } from '../../db/repos/carried-answers.server.js';

let ctx: TestContext;
let mail: MailBox;

beforeAll(async () => {
  ctx = await createTestApp();
  mail = recordMail(ctx);
});
afterAll(() => ctx.close());

describe('sign-up → confirm → login → logout (§7)', () => {
  it('walks the whole account life cycle', async () => {
    const username = 'Ada.Lovelace@Example.org';
    const signup = await request(ctx.app).post('/public/signup').send({ username, password: GOOD_PASSWORD });
    expect(signup.status).toBe(200);
    expect(typeof signup.body.message).toBe('string');

    // Stored lower-cased; the mail goes to the normalised address.
    const code = await latestCode(mail, 'ada.lovelace@example.org');
    const early = await request(ctx.app).post('/public/login').send({ username, password: GOOD_PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body.message).toMatch(/not confirmed/);

    const confirm = await request(ctx.app).post('/public/confirm').send({ username, code });
    expect(confirm.status).toBe(200);
    expect(confirm.body.message).toBe('Your account has been confirmed. You can now log in.');

    const login = await request(ctx.app).post('/public/login').send({ username: 'ada.lovelace@example.org', password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ message: 'You are now logged in.' });
    const cookies = login.headers['set-cookie'] as unknown as string[];
    const session = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
    const marker = cookies.find((c) => c.startsWith(`${LOGGED_IN_COOKIE}=`))!;
    expect(marker).not.toMatch(/HttpOnly/i);
    const sessionCookie = session.split(';')[0]!;

    const me = await request(ctx.app).get('/api/session').set('Cookie', sessionCookie);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ username: 'ada.lovelace@example.org' });

    const logout = await request(ctx.app).post('/api/logout').set('Cookie', sessionCookie);
    expect(logout.status).toBe(200);
    const cleared = logout.headers['set-cookie'] as unknown as string[];
    expect(cleared.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);

    const replay = await request(ctx.app).get('/api/session').set('Cookie', sessionCookie);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: 'Your session is invalid. Please clear your cookies and login again.' });
    const logoutAgain = await request(ctx.app).post('/api/logout').set('Cookie', sessionCookie);
    expect(logoutAgain.status).toBe(401);
  });

  it('records every login (§3 successful_login) and issues a new session id each time', async () => {
    const username = 'logins@example.org';
    await createAccount(ctx, mail, username);
    const first = await logIn(ctx, username);
    const second = await request(ctx.app).post('/public/login').set('Cookie', first).send({ username, password: GOOD_PASSWORD });
    const secondCookie = (second.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`))!
      .split(';')[0]!;
    expect(secondCookie).not.toBe(first);
    // Logging in again on the same browser replaces the older session.
    expect((await request(ctx.app).get('/api/session').set('Cookie', first)).status).toBe(401);
    expect((await request(ctx.app).get('/api/session').set('Cookie', secondCookie)).status).toBe(200);
    const user = await findUserByUsername(ctx.db.knex, username);
    expect(await listLogins(ctx.db.knex, user!.id)).toHaveLength(2);
  });

  it('keeps answers typed while logged out that arrive with the first login', async () => {
    const username = 'carried@example.org';
    await createAccount(ctx, mail, username);
    const res = await request(ctx.app)
      .post('/public/login')
      .send({ username, password: GOOD_PASSWORD, answers: { first_name: 'Grace', optin_sms_ind: true } });
    expect(res.status).toBe(200);
    const user = await findUserByUsername(ctx.db.knex, username);
    expect(await findCarriedAnswers(ctx.db.knex, user!.id)).toEqual({ first_name: 'Grace', optin_sms_ind: true });
  });

  it('resets a forgotten password: the old one stops working, the new one works', async () => {
    const username = 'forgetful@example.org';
    await createAccount(ctx, mail, username);
    const before = mail.messages.length;
    const forgot = await request(ctx.app).post('/public/forgot-password').send({ username });
    expect(forgot.status).toBe(200);
    const link = await latestResetLink(mail, username, before);
    expect(link.origin).toBe(ctx.config.publicUrl);
    expect(link.pathname).toBe('/reset');
    expect(link.searchParams.get('username')).toBe(username);
    const id = link.searchParams.get('id')!;
    expect(Buffer.from(id, 'base64url').length).toBeGreaterThanOrEqual(16);

    const reset = await request(ctx.app)
      .post('/public/reset-password')
      .send({ username, password: OTHER_PASSWORD, confirm_password: OTHER_PASSWORD, id });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Your password has been reset. Please log in with your new password.');
    await mail.waitFor((m) => m.to.includes(username) && /password was changed/.test(m.subject));

    expect((await request(ctx.app).post('/public/login').send({ username, password: GOOD_PASSWORD })).status).toBe(400);
    expect((await request(ctx.app).post('/public/login').send({ username, password: OTHER_PASSWORD })).status).toBe(200);
  });
});

describe('validation with the shared rules and the §5 messages', () => {
  it.each([
    ['/public/signup', { username: 'not-an-email', password: GOOD_PASSWORD }, 'Your email address must be valid.'],
    ['/public/login', { username: 'nope', password: 'x' }, 'Please provide a valid email address.'],
    ['/public/login', { username: 'a@example.org', password: '' }, 'Password is required.'],
    ['/public/confirm', { username: 'a@example.org', code: '12345' }, 'The confirmation code must be exactly 6 numbers.'],
    ['/public/confirm', { username: 'a@example.org', code: '12345a' }, 'The confirmation code must be exactly 6 numbers.'],
    ['/public/resend-confirm', { username: '' }, 'You must provide a valid email address to resend a confirmation code.'],
    ['/public/forgot-password', { username: 'x@' }, 'Your email address must be valid.'],
    [
      '/public/reset-password',
      { username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: 'different', id: 'A'.repeat(43) },
      'The two passwords must match.',
    ],
  ])('%s answers 400 with the message', async (path, body, message) => {
    const res = await request(ctx.app).post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([
    ['short1!Aa', 'Your password must be at least 12 characters long.'],
    ['alllowercase12!', 'Your password must have an uppercase letter.'],
    ['ALLUPPERCASE12!', 'Your password must have a lowercase letter.'],
    ['NoNumbersHere!!', 'Your password must have a number.'],
    ['NoSpecials12345', 'Your password must have one of the special characters listed below.'],
    [' Leading-Space12', 'Your password must not begin or end with a space.'],
    ['Trailing-Space12 ', 'Your password must not begin or end with a space.'],
  ])('rejects the password %j: %s', async (password, message) => {
    const res = await request(ctx.app).post('/public/signup').send({ username: 'rules@example.org', password });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toContain(message);
  });

  it('lists every failing password rule at once', async () => {
    const res = await request(ctx.app).post('/public/signup').send({ username: 'rules@example.org', password: 'abc' });
    expect(res.body.errors.password).toEqual([
      'Your password must be at least 12 characters long.',
      'Your password must have an uppercase letter.',
      'Your password must have a number.',
      'Your password must have one of the special characters listed below.',
    ]);
  });

  it('answers a body that is not a JSON object with 400, never 500', async () => {
    for (const body of ['[]', '"text"', 'null', '42']) {
      const res = await request(ctx.app).post('/public/login').set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const form = await request(ctx.app).post('/public/signup').type('form').send('username=a@example.org');
    expect(form.status).toBe(400);
    expect(form.body.message).toBe('The request body must be a JSON object.');
    const wrongTypes = await request(ctx.app)
      .post('/public/confirm')
      .send({ username: ['a@example.org'], code: 123456 });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.message).toBe(AUTH_MESSAGES.email);
  });

  it('rejects a malformed reset id with the reset-link message', async () => {
    const res = await request(ctx.app)
      .post('/public/reset-password')
      .send({ username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, id: 'forged' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.resetLink);
  });
});
