import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';

/**
 * Issue 23 finding 9 (staff part): a cross-site GET of /staff/applications/:id/view or /staff/export.csv wrote
 * audit entries as the staff member (their SameSite=Lax cookie goes along with a top-level navigation). The
 * export is now a POST behind the Origin check; a staff page reached from another site (Sec-Fetch-Site:
 * cross-site or same-site) shows nothing and writes nothing, and offers a link to open it from the desk.
 */
const STAFF = 'officer@admissions.example.edu';
const OWN = 'http://127.0.0.1:3000';
let ctx: TestContext;
let applicant: TestUser;
let staff: string;

const auditRows = async () => Number(((await ctx.db.knex('staff_audit').count({ n: '*' }).first()) as { n: number | string }).n);

beforeAll(async () => {
  ctx = await createTestApp({ env: { STAFF_EMAILS: STAFF } });
  applicant = await createLoggedInUser(ctx, 'maria@example.edu');
  await submitAs(ctx, applicant.cookie, COMPLETE_ANSWERS);
  staff = await staffCookie(ctx, STAFF);
});
afterAll(() => ctx.close());

describe('staff pages reached from another site', () => {
  it.each(['cross-site', 'same-site'])(
    'a %s navigation to the view, the CSV, the PDF, the list, the trail or the bundles writes no audit entry and shows no application',
    async (site) => {
      for (const path of [
        `/staff/applications/${applicant.id}/view`,
        `/staff/applications/${applicant.id}`,
        `/staff/applications/${applicant.id}/checklist`,
        '/staff/export.csv',
        `/staff/applications/${applicant.id}/pdf`,
        '/staff?q=Lopez',
        '/staff/audit',
        '/staff/exports',
      ]) {
        const before = await auditRows();
        const res = await request(ctx.app).get(path).set('Cookie', staff).set('Sec-Fetch-Site', site).set('Sec-Fetch-Mode', 'navigate');
        expect({ path, audited: (await auditRows()) - before }).toEqual({ path, audited: 0 });
        // (The notice repeats the link's own URL, so a search term in it is no leak: the applicant's data is.)
        expect(res.text ?? '').not.toMatch(/maria@example\.edu|281 W Warner|Alta High/);
      }
    },
  );

  it('offers a link that opens the page from the desk itself, which is then recorded', async () => {
    const res = await request(ctx.app).get(`/staff/applications/${applicant.id}`).set('Cookie', staff).set('Sec-Fetch-Site', 'cross-site');
    expect(res.text).toContain(`href="/staff/applications/${applicant.id}"`);
    const before = await auditRows();
    const opened = await request(ctx.app)
      .get(`/staff/applications/${applicant.id}`)
      .set('Cookie', staff)
      .set('Sec-Fetch-Site', 'same-origin');
    expect(opened.status).toBe(200);
    expect(opened.text).toContain('Lopez');
    expect((await auditRows()) - before).toBe(1);
  });
});

describe('the CSV export', () => {
  it('is a POST: a GET (a link anywhere) exports nothing and records nothing', async () => {
    const before = await auditRows();
    const res = await request(ctx.app).get('/staff/export.csv').set('Cookie', staff);
    expect(res.headers['content-type'] ?? '').not.toMatch(/csv/);
    expect(await auditRows()).toBe(before);
  });

  it('a POST from another site is refused (403) and records nothing', async () => {
    const before = await auditRows();
    const res = await request(ctx.app)
      .post('/staff/export.csv')
      .set('Cookie', staff)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({});
    expect(res.status).toBe(403);
    expect(await auditRows()).toBe(before);
  });

  it('the list’s own form exports and records it', async () => {
    const list = await request(ctx.app).get('/staff?q=Lopez').set('Cookie', staff);
    expect(list.text).toContain('<form action="/staff/export.csv?q=Lopez" method="post">');
    const before = await auditRows();
    const res = await request(ctx.app).post('/staff/export.csv?q=Lopez').set('Cookie', staff).set('Origin', OWN).type('form').send({});
    expect(res.status).toBe(200);
    expect(res.text).toContain('maria@example.edu');
    expect((await auditRows()) - before).toBe(1);
  });
});
