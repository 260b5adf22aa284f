import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, TEST_TMP } from '../helpers/paths.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import type { TestUser } from '../helpers/users.js';
import { staffCookie } from '../helpers/staff.js';
import { signStaffLink } from '../../server/staff/staff-link-token.server.js';
import { STAFF_COOKIE, STAFF_SESSION_IDLE_MS } from '../../server/staff/staff-session.server.js';
import { LINK_USED_MESSAGE, NOT_STAFF_MESSAGE, PROVIDER_DOWN_MESSAGE } from '../../server/staff/sign-in-routes.server.js';
import { STAFF, startStaffDesk } from './staff-desk-setup.js';

let ctx: TestContext;
let staff: string;
let applicants: Record<string, TestUser> = {};

const page = (path: string, cookie = staff) => request(ctx.app).get(path).set('Cookie', cookie);

beforeAll(async () => {
  ({ ctx, applicants } = await startStaffDesk());
  staff = await staffCookie(ctx, STAFF);
});
afterAll(() => ctx.close());

describe('staff sign-in', () => {
  it('an applicant session cannot open /staff: it is sent to the staff sign-in', async () => {
    const res = await page('/staff', applicants.Ana!.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/staff/sign-in');
    expect((await page('/staff/audit', applicants.Ana!.cookie)).status).toBe(303);
    expect((await request(ctx.app).get('/staff/applications/' + applicants.Ana!.id + '/view')).status).toBe(303);
  });

  it('a one-time link signs in once, with its own HttpOnly SameSite cookie scoped to /staff', async () => {
    const token = signStaffLink(ctx.config.sessionSecret, 'second@admissions.example.edu', ctx.services.now());
    const landing = await request(ctx.app).get('/staff/link').query({ token });
    expect(landing.status).toBe(200);
    expect(landing.text).toContain('Sign in to the staff desk');
    const first = await request(ctx.app).post('/staff/link').type('form').send({ token });
    expect(first.status).toBe(303);
    const cookie = ([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${STAFF_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/staff/);
    const again = await request(ctx.app).post('/staff/link').type('form').send({ token });
    expect(again.status).toBe(400);
    expect(again.text).toContain(LINK_USED_MESSAGE.replace("'", '&#x27;'));
  });

  it('refuses a link for an address not on STAFF_EMAILS, and an expired link', async () => {
    const outsider = signStaffLink(ctx.config.sessionSecret, 'ana@example.edu', ctx.services.now());
    const res = await request(ctx.app).post('/staff/link').type('form').send({ token: outsider });
    expect(res.status).toBe(403);
    expect(res.text).toContain('Your account may not use the staff desk.');
    expect(NOT_STAFF_MESSAGE).toContain('staff desk');
    const old = signStaffLink(ctx.config.sessionSecret, STAFF, new Date(ctx.services.now().getTime() - 16 * 60_000));
    expect((await request(ctx.app).post('/staff/link').type('form').send({ token: old })).status).toBe(400);
  });

  it('a staff session ends after 30 idle minutes', async () => {
    const cookie = await staffCookie(ctx, STAFF);
    expect((await page('/staff', cookie)).status).toBe(200);
    ctx.clock.advance(STAFF_SESSION_IDLE_MS + 1000);
    try {
      expect((await page('/staff', cookie)).status).toBe(303);
    } finally {
      ctx.clock.advance(-(STAFF_SESSION_IDLE_MS + 1000));
    }
    staff = await staffCookie(ctx, STAFF);
  });

  it('a staff session ends 8 hours after sign-in however active, and is stored only hashed', async () => {
    const cookie = await staffCookie(ctx, STAFF);
    const id = cookie.split('=')[1]!;
    const rows = await ctx.db.knex('staff_sessions').select('id_hash');
    expect(rows.some((r) => r.id_hash === id)).toBe(false);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(id).digest('hex');
    const eightHoursAgo = new Date(ctx.services.now().getTime() - 8 * 3600_000);
    await ctx.db.knex('staff_sessions').where({ id_hash: hash }).update({ created_at: eightHoursAgo });
    expect((await page('/staff', cookie)).status).toBe(303);
    expect(await ctx.db.knex('staff_sessions').where({ id_hash: hash }).first()).toBeUndefined();
  });

  it('npm run staff-link prints a one-time link for a listed address, and refuses others', async () => {
    const run = (email: string) =>
      promisify(execFile)(process.execPath, ['dist/node/staff-link.mjs', email], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          SESSION_SECRET: TEST_SESSION_SECRET,
          PUBLIC_URL: 'http://127.0.0.1:3000',
          DATA_DIR: join(TEST_TMP, 'staff-link-cli'),
          STAFF_EMAILS: STAFF,
        },
      });
    const { stdout } = await run(STAFF.toUpperCase());
    const url = new URL(stdout.trim());
    expect(url.pathname).toBe('/staff/link');
    const token = url.searchParams.get('token')!;
    expect((await request(ctx.app).get('/staff/link').query({ token })).status).toBe(200);
    expect((await request(ctx.app).post('/staff/link').type('form').send({ token })).status).toBe(303);
    expect((await request(ctx.app).post('/staff/link').type('form').send({ token })).status).toBe(400);
    await expect(run('ana@example.edu')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('not in STAFF_EMAILS') });
  });

  it('says so, with a 503, when the identity provider cannot be reached; links are refused while one is configured', async () => {
    const withProvider = await createTestApp({
      db: ctx.db,
      // Same cycle as the first app: the setting is the process's (form/admission-cycle.ts), one per server.
      env: {
        OIDC_ISSUER: 'http://127.0.0.1:9',
        OIDC_CLIENT_ID: 'desk',
        OIDC_CLIENT_SECRET: 'secret',
        STAFF_EMAILS: STAFF,
        ADMISSION_CYCLE: '2025-26',
      },
    });
    const start = await request(withProvider.app).get('/staff/oidc/start');
    expect(start.status).toBe(503);
    expect(start.text).toContain(PROVIDER_DOWN_MESSAGE.replace("'", '&#x27;'));
    const token = signStaffLink(ctx.config.sessionSecret, STAFF, ctx.services.now());
    expect((await request(withProvider.app).post('/staff/link').type('form').send({ token })).status).toBe(400);
  });

  it('signing out ends the staff session', async () => {
    const cookie = await staffCookie(ctx, STAFF);
    expect((await request(ctx.app).post('/staff/sign-out').set('Cookie', cookie)).status).toBe(303);
    expect((await page('/staff', cookie)).status).toBe(303);
  });
});
