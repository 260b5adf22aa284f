import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { createAccount, logIn, recordMail } from './auth-helpers.js';

let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PAGES = [
  {
    path: '/login',
    title: 'Log In',
    island: 'AuthCardLogin',
    footer: ['href="/signup"', 'Resend confirmation code?', 'href="/forgot"', 'Forgot password?'],
  },
  { path: '/signup', title: 'Sign Up', island: 'AuthCardSignup', footer: ['href="/login"', 'is at least 12 characters'] },
  { path: '/confirm', title: 'Confirm Your Account', island: 'AuthCardConfirm', footer: ['href="/login"', 'Resend confirmation code'] },
  { path: '/forgot', title: 'Forgot Password', island: 'AuthCardForgot', footer: ['href="/login"'] },
  { path: '/reset', title: 'Reset Password', island: 'AuthCardReset', footer: ['href="/login"', 'passwords must match'] },
];

describe('the five auth pages (§2)', () => {
  it.each(PAGES)('$path renders the "$title" card in the auth shell with a toaster', async ({ path, title, island, footer }) => {
    const res = await request(ctx.app).get(path);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<h1 id="auth-card-title" class="card__title">${title}</h1>`);
    expect(res.text).toContain(`<title>${title} - Freshman Application</title>`);
    expect(res.text).toContain(`data-island="${island}"`);
    expect(res.text).toContain('data-island="Toaster"');
    expect(res.text).toContain('>Submit</button>');
    for (const part of footer) expect(res.text).toContain(part);
    // Strict CSP: no inline style attributes in server HTML.
    expect(res.text).not.toMatch(/\sstyle="/);
  });

  it('/reset passes username and id from the query to the card and sends no Referer', async () => {
    const res = await request(ctx.app).get('/reset?username=ada%40example.org&id=abcDEF123_-');
    expect(res.status).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toMatch(/^no-store/);
    expect(res.text).toContain('value="ada@example.org"');
    expect(res.text).toContain('abcDEF123_-');
  });

  it('other auth pages keep the site-wide referrer policy', async () => {
    const res = await request(ctx.app).get('/login');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('sends logged-in students from /login and /signup to /about', async () => {
    const mail = recordMail(ctx);
    await createAccount(ctx, mail, 'pages@example.org');
    const cookie = await logIn(ctx, 'pages@example.org');
    for (const path of ['/login', '/signup']) {
      const res = await request(ctx.app).get(path).set('Cookie', cookie);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/about');
    }
    // Without a valid session the pages render.
    expect((await request(ctx.app).get('/login').set('Cookie', 'CognitoIdentityServiceProvider.freshman.session=forged')).status).toBe(200);
  });
});
