import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import type { MailBox } from '../helpers/smtp.js';
import { GOOD_PASSWORD, OTHER_PASSWORD, createAccount, latestCode, latestResetLink, logIn, recordMail } from './auth-helpers.js';
import { ACCOUNT_MESSAGES } from '../../server/auth/accounts.server.js';
import { LOGIN_MESSAGES } from '../../server/auth/login.server.js';
import { RESET_MESSAGES } from '../../server/auth/password-reset.server.js';
import { AUTH_MESSAGES } from '../../contracts/auth-check.js';
import { SESSION_INVALID_MESSAGE } from '../../contracts/messages.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';
import { COMMON_PASSWORD_MESSAGE } from '../../server/auth/passwords.server.js';
import { FLASH_COOKIE } from '../../server/auth/flash.server.js';

/**
 * §2 without JavaScript: every auth card is a plain `<form method="post">` to its own page, answered by
 * the server with the JSON API's rules, flows and messages: success redirects (303) with the message in a
 * one-time cookie, a refusal renders the card again with an error summary.
 */

let ctx: TestContext;
let mail: MailBox;
let n = 0;
const nextEmail = () => `nojs${++n}@example.org`;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
  mail = recordMail(ctx);
});
afterAll(() => ctx.close());

const post = (path: string, fields: Record<string, string>, cookie?: string) => {
  const req = request(ctx.app).post(path).type('form').send(fields);
  return cookie ? req.set('Cookie', cookie) : req;
};

const setCookies = (res: request.Response): string[] => (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];

/** The "name=value" of a cookie the response sets (not a clearing one). */
function cookieFrom(res: request.Response, name: string): string {
  const line = setCookies(res).find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(setCookies(res))}`);
  return line.split(';')[0]!;
}

/** Follows a 303 as a browser would, carrying the flash cookie; returns the next page. */
async function follow(res: request.Response, extraCookie?: string) {
  expect(res.status).toBe(303);
  const flash = setCookies(res).some((c) => c.startsWith(`${FLASH_COOKIE}=`)) ? cookieFrom(res, FLASH_COOKIE) : null;
  const cookie = [flash, extraCookie].filter(Boolean).join('; ');
  const page = request(ctx.app).get(res.headers.location!);
  return cookie ? page.set('Cookie', cookie) : page;
}

/** The error summary's items: link target (or null) and text. */
function summaryOf(html: string): Array<[string | null, string]> {
  const block = /<div class="error-summary"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
  if (!block) return [];
  return [...block.matchAll(/<li>(?:<a href="([^"]+)">([^<]*)<\/a>|([^<]*))<\/li>/g)].map((m) => [
    m[1] ?? null,
    decode(m[2] ?? m[3] ?? ''),
  ]);
}
const decode = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const flashOf = (html: string) =>
  /<div class="alert alert--(success|error) auth-flash"[^>]*>[\s\S]*?<p>([^<]*)<\/p>/.exec(html)?.slice(1, 3).map(decode) ?? null;
const inputValue = (html: string, id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? null;

describe('sign-up and confirm without JavaScript', () => {
  it('a malformed sign-up comes back (400) with a summary linking to each field and the messages at the fields', async () => {
    const res = await post('/signup', { username: 'not-an-address', password: 'short-pw' });
    expect(res.status).toBe(400);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(summaryOf(res.text)).toEqual([
      ['#username', AUTH_MESSAGES.email],
      ['#password', 'Your password must be at least 12 characters long.'],
    ]);
    expect(res.text).toMatch(/<h2 id="error-summary-title" class="error-summary__title">We could not create your account<\/h2>/);
    expect(res.text).toMatch(/<input[^>]*id="username"[^>]*aria-invalid="true"/);
    expect(res.text).toContain(
      `<div id="username-error" class="field__error"><p class="field__error-text">${AUTH_MESSAGES.email}</p></div>`,
    );
    // What was typed stays, but never the password.
    expect(inputValue(res.text, 'username')).toBe('not-an-address');
    expect(res.text).not.toContain('short-pw');
    // The same state goes to the island, which hydrates over it.
    expect(res.text).toContain('data-island="AuthCardSignup"');
  });

  it('a common password is refused with the server-only message at the password field', async () => {
    const res = await post('/signup', { username: nextEmail(), password: 'Password123!' });
    expect(res.status).toBe(400);
    expect(summaryOf(res.text)).toEqual([['#password', COMMON_PASSWORD_MESSAGE]]);
  });

  it('sign-up → /confirm with the message and the address; wrong code; resend; confirm → /login', async () => {
    const email = nextEmail();
    const before = mail.messages.length;
    const signup = await post('/signup', { username: ` ${email.toUpperCase()} `, password: GOOD_PASSWORD });
    expect(signup.headers.location).toBe('/confirm');
    const flashLine = setCookies(signup).find((c) => c.startsWith(`${FLASH_COOKIE}=`))!;
    expect(flashLine).toMatch(/HttpOnly/i);
    expect(flashLine).toMatch(/SameSite=Lax/i);
    expect(flashLine).toMatch(/Max-Age=60/);
    const confirmPage = await follow(signup);
    expect(confirmPage.status).toBe(200);
    expect(flashOf(confirmPage.text)).toEqual(['success', ACCOUNT_MESSAGES.signedUp]);
    expect(inputValue(confirmPage.text, 'username')).toBe(email);
    // Shown once: the page clears the cookie.
    expect(setCookies(confirmPage).some((c) => c.startsWith(`${FLASH_COOKIE}=;`))).toBe(true);
    const firstCode = await latestCode(mail, email, before);

    const malformed = await post('/confirm', { username: email, code: '12345' });
    expect(malformed.status).toBe(400);
    expect(summaryOf(malformed.text)).toEqual([['#code', AUTH_MESSAGES.code]]);
    expect(inputValue(malformed.text, 'code')).toBe('12345');

    const wrong = await post('/confirm', { username: email, code: firstCode === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(summaryOf(wrong.text)).toEqual([[null, ACCOUNT_MESSAGES.badCode]]);
    expect(wrong.text).toContain('We could not confirm your account');

    // The resend button is a second submit button of the same form.
    const beforeResend = mail.messages.length;
    const resend = await post('/confirm', { username: email, code: '', resend: 'Resend confirmation code' });
    expect(resend.headers.location).toBe('/confirm');
    const afterResend = await follow(resend);
    expect(flashOf(afterResend.text)).toEqual(['success', ACCOUNT_MESSAGES.resent]);
    expect(inputValue(afterResend.text, 'username')).toBe(email);
    const code = await latestCode(mail, email, beforeResend);

    const confirm = await post('/confirm', { username: email, code });
    expect(confirm.headers.location).toBe('/login');
    const loginPage = await follow(confirm);
    expect(flashOf(loginPage.text)).toEqual(['success', ACCOUNT_MESSAGES.confirmed]);
    expect(inputValue(loginPage.text, 'username')).toBe(email);
  });

  it('a refused resend names the resend rule, under the resend error title', async () => {
    const res = await post('/confirm', { username: '', code: '', resend: 'Resend confirmation code' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('We could not send you a new code');
    expect(summaryOf(res.text)).toEqual([['#username', AUTH_MESSAGES.resendEmail]]);
  });
});

describe('login and logout without JavaScript', () => {
  it('wrong password: the same message as the API, the address kept, the password not', async () => {
    const email = nextEmail();
    await createAccount(ctx, mail, email);
    const res = await post('/login', { username: email, password: 'Wrong-password-123' });
    expect(res.status).toBe(400);
    expect(summaryOf(res.text)).toEqual([[null, LOGIN_MESSAGES.badCredentials]]);
    expect(res.text).toContain('We could not log you in');
    expect(inputValue(res.text, 'username')).toBe(email);
    expect(res.text).not.toContain('Wrong-password-123');
    expect(setCookies(res).some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`))).toBe(false);

    const empty = await post('/login', { username: '', password: '' });
    expect(summaryOf(empty.text)).toEqual([
      ['#username', AUTH_MESSAGES.loginEmail],
      ['#password', AUTH_MESSAGES.passwordRequired],
    ]);
  });

  it('an unconfirmed account gets 403 and the message; "Resend confirmation code?" goes to /confirm', async () => {
    const email = nextEmail();
    await request(ctx.app).post('/public/signup').send({ username: email, password: GOOD_PASSWORD }).expect(200);
    const res = await post('/login', { username: email, password: GOOD_PASSWORD });
    expect(res.status).toBe(403);
    expect(summaryOf(res.text)).toEqual([[null, LOGIN_MESSAGES.notConfirmed]]);

    const resend = await post('/login', { username: email, password: GOOD_PASSWORD, resend: 'Resend confirmation code' });
    expect(resend.headers.location).toBe('/confirm');
    const confirmPage = await follow(resend);
    expect(flashOf(confirmPage.text)).toEqual(['success', ACCOUNT_MESSAGES.resent]);
    expect(inputValue(confirmPage.text, 'username')).toBe(email);
  });

  it('login → /about with a session; the logout form ends it and lands on /login with the §8 text', async () => {
    const email = nextEmail();
    await createAccount(ctx, mail, email);
    const login = await post('/login', { username: email, password: GOOD_PASSWORD });
    expect(login.status).toBe(303);
    expect(login.headers.location).toBe('/about');
    const session = cookieFrom(login, SESSION_COOKIE);
    expect((await request(ctx.app).get('/api/session').set('Cookie', session)).body).toEqual({ username: email });

    // The logout form is on the auth pages for someone logged in.
    const forgot = await request(ctx.app).get('/forgot').set('Cookie', session);
    expect(forgot.text).toMatch(
      /<form(?=[^>]*method="post")(?=[^>]*action="\/logout")[^>]*><button type="submit"[^>]*>Log Out<\/button><\/form>/,
    );

    const logout = await post('/logout', {}, session);
    expect(logout.headers.location).toBe('/login');
    expect(setCookies(logout).some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    const loginPage = await follow(logout);
    expect(flashOf(loginPage.text)).toEqual(['error', SESSION_INVALID_MESSAGE]);
    expect(loginPage.text).toMatch(/<div class="alert alert--error auth-flash" role="alert">/);
    expect((await request(ctx.app).get('/api/session').set('Cookie', session)).status).toBe(401);
  });

  it('the login throttle answers the form too: 429, Retry-After and its message', async () => {
    const email = nextEmail();
    await createAccount(ctx, mail, email);
    let res!: request.Response;
    for (let i = 0; i < 7 && res?.status !== 429; i++) res = await post('/login', { username: email, password: `Wrong-password-${i}x` });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(summaryOf(res.text)[0]?.[1]).toMatch(/^Too many unsuccessful login attempts\. Please wait/);
  });
});

describe('forgot and reset without JavaScript', () => {
  it('forgot → the same page with the message; the link → reset → /login; the new password works', async () => {
    const email = nextEmail();
    await createAccount(ctx, mail, email);
    const invalid = await post('/forgot', { username: 'nope' });
    expect(invalid.status).toBe(400);
    expect(summaryOf(invalid.text)).toEqual([['#username', AUTH_MESSAGES.email]]);

    const before = mail.messages.length;
    const forgot = await post('/forgot', { username: email });
    expect(forgot.headers.location).toBe('/forgot');
    expect(flashOf((await follow(forgot)).text)).toEqual(['success', RESET_MESSAGES.requested]);
    const link = await latestResetLink(mail, email, before);
    const id = link.searchParams.get('id')!;

    // The reset page carries the link's id in a hidden field of its form.
    const page = await request(ctx.app).get(`${link.pathname}${link.search}`);
    expect(page.text).toContain(`<input type="hidden" name="id" value="${id}"/>`);
    expect(page.text).toMatch(/<form(?=[^>]*action="\/reset")[^>]*>/);

    const mismatch = await post('/reset', { username: email, id, password: OTHER_PASSWORD, confirm_password: 'something else' });
    expect(mismatch.status).toBe(400);
    expect(summaryOf(mismatch.text)).toEqual([['#confirm_password', AUTH_MESSAGES.passwordsMatch]]);
    expect(mismatch.text).toContain(`<input type="hidden" name="id" value="${id}"/>`);
    expect(mismatch.text).not.toContain(OTHER_PASSWORD);

    const reset = await post('/reset', { username: email, id, password: OTHER_PASSWORD, confirm_password: OTHER_PASSWORD });
    expect(reset.headers.location).toBe('/login');
    const loginPage = await follow(reset);
    expect(flashOf(loginPage.text)).toEqual(['success', RESET_MESSAGES.done]);
    expect(inputValue(loginPage.text, 'username')).toBe(email);
    await logIn(ctx, email, OTHER_PASSWORD);

    // Used once: the same link again is refused, in the summary (the id has no field to link to).
    const again = await post('/reset', { username: email, id, password: OTHER_PASSWORD, confirm_password: OTHER_PASSWORD });
    expect(again.status).toBe(400);
    expect(summaryOf(again.text)).toEqual([[null, AUTH_MESSAGES.resetLink]]);
  });

  it('the mail limit answers forgot too: 429 with its message', async () => {
    const email = nextEmail();
    let res!: request.Response;
    for (let i = 0; i < 7 && res?.status !== 429; i++) res = await post('/forgot', { username: email });
    expect(res.status).toBe(429);
    expect(summaryOf(res.text)[0]?.[1]).toMatch(/^Too many e-mails were requested for this address/);
  });
});

describe('the flash cookie and the Origin check', () => {
  it('a flash cookie not signed by this server shows nothing', async () => {
    const forged = Buffer.from(JSON.stringify({ kind: 'error', message: 'Call this number now' })).toString('base64url');
    const res = await request(ctx.app)
      .get('/login')
      .set('Cookie', `${FLASH_COOKIE}=${forged}.${'0'.repeat(64)}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('Call this number now');
  });

  it('a form post from this site passes, one from another site is refused', async () => {
    const own = await post('/forgot', { username: 'x' }).set('Origin', new URL(ctx.config.publicUrl).origin);
    expect(own.status).toBe(400); // reached the card: its validation answered
    const crossSite = await post('/logout', {}).set('Origin', 'https://evil.example');
    expect(crossSite.status).toBe(403);
    const crossLogin = await post('/login', { username: 'a@example.org', password: 'x' }).set('Origin', 'https://evil.example');
    expect(crossLogin.status).toBe(403);
  });

  it('/reset is served without Referer, so its post says Origin: null: the browser-set Sec-Fetch-Site decides', async () => {
    const sameOrigin = await post('/reset', { username: 'a@example.org', id: 'x' })
      .set('Origin', 'null')
      .set('Sec-Fetch-Site', 'same-origin');
    expect(sameOrigin.status).toBe(400);
    expect(sameOrigin.text).toContain('We could not change your password');
    for (const site of ['cross-site', 'same-site', null]) {
      const req = post('/reset', { username: 'a@example.org', id: 'x' }).set('Origin', 'null');
      const res = await (site ? req.set('Sec-Fetch-Site', site) : req);
      expect({ site, status: res.status }).toEqual({ site, status: 403 });
    }
  });
});
