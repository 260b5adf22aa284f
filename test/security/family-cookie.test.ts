import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { captureMailer } from '../helpers/smtp.js';
import { createLoggedInUser } from '../helpers/users.js';
import { submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { FAMILY_CODE_SUBJECT } from '../../domain/mail/family-mail.server.js';

/**
 * The family session's cookie (issue 39) is a `__Host-` cookie over https (Secure, Path=/, no Domain, HttpOnly,
 * SameSite=Lax), and the same name without the prefix, planted by a sibling subdomain or over plain http, opens
 * nothing. Over http (development) it is sent only under /family.
 */
const mail = captureMailer();
let https: TestContext;
let http: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  https = await createTestApp({ env: { PUBLIC_URL: 'https://apply.example.edu' } });
  http = await createTestApp();
  https.services.mail = mail;
  http.services.mail = mail;
}, 60_000);
afterAll(async () => {
  await https?.close();
  await http?.close();
});

/** Invites `email` for a new submitted applicant of `ctx`, signs it in, returns the Set-Cookie line of the session. */
async function familySetCookie(ctx: TestContext, email: string): Promise<string> {
  const origin = new URL(ctx.config.publicUrl).origin;
  const user = await createLoggedInUser(ctx);
  // Over https the applicant's session cookie carries the prefix too.
  const cookie = ctx.config.publicUrl.startsWith('https:') ? `__Host-${user.cookie}` : user.cookie;
  await submitAs(ctx, cookie, COMPLETE_ANSWERS);
  await request(ctx.app)
    .post('/family/invite')
    .set('Origin', origin)
    .set('Cookie', cookie)
    .type('form')
    .send({ family_name: 'Parent', family_email: email })
    .expect(303);
  const before = mail.messages.length;
  await request(ctx.app).post('/family/sign-in').set('Origin', origin).type('form').send({ family_email: email }).expect(200);
  const sent = await mail.waitFor((m) => m.to.includes(email) && m.subject === FAMILY_CODE_SUBJECT && mail.messages.indexOf(m) >= before);
  const code = /sign-in code is: (\d{6})/.exec(sent.text)![1]!;
  const res = await request(ctx.app).post('/family/sign-in/code').set('Origin', origin).type('form').send({ family_email: email, code });
  expect(res.status).toBe(303);
  const line = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => /^(__Host-)?fa_family=[^;]/.test(c));
  if (!line) throw new Error('no family cookie');
  return line;
}

describe('the family cookie', () => {
  it('over https: __Host-fa_family, Secure, Path=/, HttpOnly, SameSite=Lax; the unprefixed name opens nothing', async () => {
    const line = await familySetCookie(https, 'https.parent@example.org');
    expect(line).toMatch(/^__Host-fa_family=[A-Za-z0-9_-]{43};/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).not.toMatch(/Domain=/i);
    const value = line.split(';')[0]!.split('=')[1]!;
    expect((await request(https.app).get('/family/status').set('Cookie', `__Host-fa_family=${value}`)).status).toBe(200);
    const planted = await request(https.app).get('/family/status').set('Cookie', `fa_family=${value}`);
    expect(planted.status).toBe(303);
    expect(planted.headers.location).toBe('/family/sign-in?ended=1');
  });

  it('over http: fa_family, sent only under /family', async () => {
    const line = await familySetCookie(http, 'http.parent@example.org');
    expect(line).toMatch(/^fa_family=[A-Za-z0-9_-]{43};/);
    expect(line).toMatch(/; Path=\/family(;|$)/);
    expect(line).not.toMatch(/; Secure/);
  });
});
