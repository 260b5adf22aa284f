import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { staffCookie, submitAs } from '../helpers/staff.js';

/*
 * Issue 40: staff see which deadline round an application was submitted under, on the list (a "Round" column)
 * and on the application's page ("Submitted under"), as the integration feed carries it (deadlines.test.ts).
 * Cycle 2026-27: Early Action closes at the end of 1 November 2026, Regular Decision at the end of 15 January 2027.
 */
const STAFF = 'desk@admissions.example.edu';

let ctx: TestContext;
let early: TestUser;
let regular: TestUser;
let unsubmitted: TestUser;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp({
    env: { DEADLINES: 'early-action=11-01,regular=01-15', ADMISSION_CYCLE: '2026-27', STAFF_EMAILS: STAFF },
  });
  ctx.clock.set(new Date('2026-10-20T12:00:00Z'));
  early = await createLoggedInUser(ctx);
  await submitAs(ctx, early.cookie, { ...COMPLETE_ANSWERS, last_name: 'Earlybird' });
  ctx.clock.set(new Date('2026-12-20T12:00:00Z'));
  regular = await createLoggedInUser(ctx);
  await submitAs(ctx, regular.cookie, { ...COMPLETE_ANSWERS, last_name: 'Regularson' });
  unsubmitted = await createLoggedInUser(ctx);
  await request(ctx.app).put('/api/answer').set('Cookie', unsubmitted.cookie).send({ first_name: 'Nora' }).expect(200);
});
afterAll(() => ctx?.close());

/** The text of each cell of the list's row whose reference cell is `reference`, by column heading. */
function listRow(html: string, reference: string): Record<string, string> {
  const headings = [...html.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]!);
  const row = [...html.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) => m[1]!).find((r) => r.startsWith(`<td>${reference}</td>`));
  if (!row) throw new Error(`no row for ${reference}`);
  const cells = [...row.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
  return Object.fromEntries(headings.map((h, i) => [h, cells[i] ?? '']));
}

const referenceOf = async (user: TestUser) =>
  ((await ctx.db.knex('applications').where({ user_id: user.id }).first('reference')) as { reference: string }).reference;

describe('the deadline round on the staff desk', () => {
  it('lists the round of each submitted application in a Round column, empty for one not submitted', async () => {
    const cookie = await staffCookie(ctx, STAFF);
    const res = await request(ctx.app).get('/staff').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(listRow(res.text, await referenceOf(early)).Round).toBe('Early Action');
    expect(listRow(res.text, await referenceOf(regular)).Round).toBe('Regular Decision');
    const open = [...res.text.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) => m[1]!).find((r) => r.includes(unsubmitted.username));
    expect(open).toBeDefined();
    expect(open).not.toMatch(/Early Action|Regular Decision/);
  });

  it('says "Submitted under" with the round beside the reference on the application page, and nothing before submitting', async () => {
    const cookie = await staffCookie(ctx, STAFF);
    const page = await request(ctx.app).get(`/staff/applications/${regular.id}`).set('Cookie', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<dt>Submitted under<\/dt><dd>Regular Decision<\/dd>/);
    const earlyPage = await request(ctx.app).get(`/staff/applications/${early.id}`).set('Cookie', cookie);
    expect(earlyPage.text).toMatch(/<dt>Submitted under<\/dt><dd>Early Action<\/dd>/);
    const notYet = await request(ctx.app).get(`/staff/applications/${unsubmitted.id}`).set('Cookie', cookie);
    expect(notYet.status).toBe(200);
    expect(notYet.text).not.toContain('Submitted under');
  });
});
