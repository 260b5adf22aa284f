import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { captureMailer } from '../helpers/smtp.js';
import type { TestUser } from '../helpers/users.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { afterSubmissionHelpers, startAfterSubmission } from '../integration/after-submission-setup.js';
import { familyHelpers } from '../integration/family-helpers.js';
import { routeTable } from '../../server/routes.server.js';
import type { GuardName, RouteRow } from '../../server/route-rows.server.js';
import { PAGE_ROUTES } from '../../contracts/routes.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';

/**
 * A family session (issue 39) opens the family's status page and nothing else: every route of the map that needs
 * an applicant, staff, a print ticket or an integration key refuses it, and every applicant page treats its holder
 * as a visitor — whether the family cookie is sent under its own name or its value is planted in the applicant's
 * session cookie. Nothing the applicant typed, nor their address, reaches any of those answers.
 */
let ctx: TestContext;
const mail = captureMailer();
let applicant: TestUser;
let family: string;
const ANSWERS = {
  ...COMPLETE_ANSWERS,
  preferred_name: 'Mimi',
  address_line_1: '77 Quietbrook Lane',
  counselor_email_address: 'c.okafor@alta.example.org',
};
/** Answers a family member must never see (the name is shown on purpose: the status says whose it is). */
const SECRETS = [
  'Mimi',
  '77 Quietbrook Lane',
  'c.okafor@alta.example.org',
  '(801) 555-0123',
  '2008-04-03',
  'Alta High School',
  'parent@example.com',
];

beforeAll(async () => {
  ({ ctx } = await startAfterSubmission(mail));
  const { submitted } = afterSubmissionHelpers(() => ctx);
  const { invite, signIn } = familyHelpers(() => ctx, mail);
  applicant = (await submitted(ANSWERS)).user;
  await invite(applicant, 'Rosa Lopez', 'rosa.boundaries@example.org').expect(303);
  family = await signIn('rosa.boundaries@example.org');
}, 60_000);
afterAll(() => ctx?.close());

/** A concrete URL for a row's path. */
const concrete = (path: string) =>
  path.replace(':id', applicant.id).replace(':key', 'transcript').replace(':reference', 'FA-XXXXXX').replace(':token', 'x'.repeat(43));

const ways = () => {
  const value = family.split('=').slice(1).join('=');
  return { 'the family cookie': family, 'its value as the applicant session': `${SESSION_COOKIE}=${value}` };
};

function send(row: RouteRow, cookie: string) {
  const agent = request(ctx.app)[row.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](concrete(row.path)).set('Cookie', cookie);
  return row.method === 'GET' ? agent : agent.send({});
}

function expectNothingOfTheApplicant(text: string, where: string) {
  for (const secret of [applicant.username, ...SECRETS]) expect([where, text.includes(secret)]).toEqual([where, false]);
}

const GUARDED: GuardName[] = ['student', 'staff', 'serviceLink', 'integrationClient'];

describe('a family session never reaches an applicant route', () => {
  it('the family session itself works (the status page)', async () => {
    const res = await request(ctx.app).get('/family/status').set('Cookie', family).expect(200);
    expect(res.text).toContain('Maria Lopez');
    expectNothingOfTheApplicant(res.text, 'GET /family/status');
  });

  it('every row of the route map guarded for an applicant, staff, a print ticket or a CRM refuses it', async () => {
    const rows = routeTable(ctx.services).filter((row): row is RouteRow => row.kind === 'route' && GUARDED.includes(row.guard));
    expect(rows.filter((row) => row.guard === 'student').length).toBeGreaterThan(20);
    for (const [way, cookie] of Object.entries(ways())) {
      for (const row of rows) {
        const res = await send(row, cookie);
        const where = `${way}: ${row.method} ${row.path} (${row.guard}) → ${res.status}`;
        if (row.guard === 'student') expect([where, res.status]).toEqual([where, 401]);
        else expect([where, [302, 303, 401, 403, 404, 410].includes(res.status)]).toEqual([where, true]);
        expectNothingOfTheApplicant(res.text, where);
      }
    }
  });

  it('every applicant page treats its holder as a visitor', async () => {
    for (const [way, cookie] of Object.entries(ways())) {
      for (const page of PAGE_ROUTES) {
        const res = await request(ctx.app).get(page).set('Cookie', cookie);
        const where = `${way}: GET ${page} → ${res.status} ${res.headers.location ?? ''}`;
        if (['/completion', '/print'].includes(page)) expect([where, res.headers.location]).toEqual([where, '/about']);
        if (['/review', '/your-data', '/family'].includes(page)) expect([where, res.headers.location]).toEqual([where, '/login']);
        expectNothingOfTheApplicant(res.text, where);
        expect([where, res.text.includes('Log Out')]).toEqual([where, false]);
      }
    }
  });

  it("the applicant's own posts (answers, invitations, the counselor form, deletion) do nothing for it", async () => {
    const before = await ctx.db.knex('applications').where({ user_id: applicant.id }).first('answers', 'version');
    const posts = [
      ['/about', { first_name: 'Hacked' }],
      ['/family/invite', { family_name: 'Intruder', family_email: 'intruder@example.org' }],
      ['/family/remove', { member: '00000000-0000-4000-8000-000000000000' }],
      ['/completion/counselor', { counselor_email: 'intruder@example.org' }],
      ['/account/delete', { password: 'x' }],
    ] as const;
    for (const [path, body] of posts) {
      const res = await request(ctx.app).post(path).set('Cookie', family).type('form').send(body);
      expect([path, res.status < 400 && path !== '/about' && path !== '/account/delete']).toEqual([path, false]);
    }
    expect(await ctx.db.knex('applications').where({ user_id: applicant.id }).first('answers', 'version')).toEqual(before);
    expect(await ctx.db.knex('family_members').where({ user_id: applicant.id })).toHaveLength(1);
  });
});
