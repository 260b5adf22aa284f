import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { Express } from 'express';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { staffCookie } from '../helpers/staff.js';
import { createApp } from '../../server/app.server.js';
import { testConfig } from '../helpers/config.js';

/**
 * Issue 23 finding 2: a staff session kept working for up to 8 hours after its address was removed from
 * STAFF_EMAILS: /staff and /staff/export.csv still answered 200. The right to the desk is checked again on
 * every request, so the first request after the removal (a restart with the new setting) is refused, and
 * the session is gone for good: putting the address back does not revive it.
 */
const KEPT = 'kept@admissions.example.edu';
const REMOVED = 'removed@admissions.example.edu';
let ctx: TestContext;
let removedCookie: string;
let keptCookie: string;
let after: Express;

/** The desk as a staff member's browser uses it: the list, and the CSV export (a POST from the list's form). */
const desk = (app: Express, cookie: string) => ({
  list: () => request(app).get('/staff').set('Cookie', cookie),
  csv: () => request(app).post('/staff/export.csv').set('Cookie', cookie).set('Origin', 'http://127.0.0.1:3000').type('form').send({}),
});

beforeAll(async () => {
  ctx = await createTestApp({ env: { STAFF_EMAILS: `${KEPT}, ${REMOVED}` } });
  removedCookie = await staffCookie(ctx, REMOVED);
  keptCookie = await staffCookie(ctx, KEPT);
  // The same database after the office removed one address and restarted the server.
  after = createApp({ ...ctx.services, config: testConfig({ STAFF_EMAILS: KEPT }) });
});
afterAll(() => ctx.close());

describe('a staff member removed from STAFF_EMAILS', () => {
  it('could use the desk before the removal', async () => {
    expect((await desk(ctx.app, removedCookie).list()).status).toBe(200);
    expect((await desk(ctx.app, removedCookie).csv()).status).toBe(200);
  });

  it('is refused at the very next request: /staff goes to sign-in, the CSV export answers 401', async () => {
    const list = await desk(after, removedCookie).list();
    expect(list.status).toBe(303);
    expect(list.headers.location).toBe('/staff/sign-in');
    expect(String(list.headers['set-cookie'] ?? '')).toMatch(/fa_staff=;/);
    const csv = await desk(after, removedCookie).csv();
    expect(csv.status).toBe(401);
    expect(csv.text).not.toContain('application_id');
  });

  it('stays signed out when the address is listed again: the session itself ended', async () => {
    expect((await desk(ctx.app, removedCookie).list()).status).toBe(303);
    const left = await ctx.db.knex('staff_sessions').where({ email: REMOVED }).select('id_hash');
    expect(left).toEqual([]);
  });

  it('a colleague still listed keeps working', async () => {
    expect((await desk(after, keptCookie).list()).status).toBe(200);
    expect((await desk(after, keptCookie).csv()).status).toBe(200);
  });
});
