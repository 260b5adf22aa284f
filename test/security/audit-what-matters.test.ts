import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import { FEED_SETTLE_MS } from '../../server/integration/routes.server.js';
import { signStaffLink } from '../../server/staff/staff-link-token.server.js';

/**
 * Issue 23 finding 5: the audit trail missed what matters. Integration feed pulls (every submitted
 * application's answers), integration PDF downloads, failed staff sign-ins (used, expired and non-staff
 * links, with the address), staff views of an application, and opening /staff/audit and /staff/exports
 * wrote nothing.
 */
const STAFF = 'officer@admissions.example.edu';
let ctx: TestContext;
let applicant: TestUser;
let key: string;

interface AuditRow {
  staff_email: string;
  action: string;
  user_id: string | null;
  detail: Record<string, unknown>;
}
const newRows = async (run: () => Promise<unknown>): Promise<AuditRow[]> => {
  const last = ((await ctx.db.knex('staff_audit').max({ id: 'id' }).first()) as { id: string | null }).id ?? 0;
  await run();
  return (await ctx.db
    .knex('staff_audit')
    .where('id', '>', last)
    .orderBy('id')
    .select('staff_email', 'action', 'user_id', 'detail')) as AuditRow[];
};
const postLink = (token: string) => request(ctx.app).post('/staff/link').type('form').send({ token });

beforeAll(async () => {
  ctx = await createTestApp({ env: { STAFF_EMAILS: STAFF } });
  applicant = await createLoggedInUser(ctx, 'maria@example.edu');
  await submitAs(ctx, applicant.cookie, COMPLETE_ANSWERS);
  ctx.clock.advance(FEED_SETTLE_MS + 1000);
  const created = await runClientCommand(ctx.db.knex, { action: 'create', name: 'crm' }, ctx.services.now());
  if (!created.ok) throw new Error(created.message);
  key = created.lines[1]!;
});
afterAll(() => ctx.close());

describe('the audit trail records', () => {
  it('each integration feed pull, naming the client and the applications handed out', async () => {
    const rows = await newRows(() =>
      request(ctx.app).get('/integration/v1/applications').set('Authorization', `Bearer ${key}`).expect(200),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        staff_email: 'integration:crm',
        action: 'integration-feed',
        detail: expect.objectContaining({ ids: [applicant.id] }),
      }),
    ]);
  });

  it('each integration PDF download', async () => {
    const { version } = await ctx.db.knex('applications').where({ user_id: applicant.id }).first('version');
    const pdfKey = `users/${applicant.id}/application/application-1.pdf`;
    await ctx.services.storage!.put(pdfKey, Buffer.from('%PDF-1.4 test'), 'application/pdf');
    await ctx.db
      .knex('application_pdfs')
      .insert({
        user_id: applicant.id,
        status: 'COMPLETED',
        generation: 1,
        answers_version: version,
        output_key: pdfKey,
        requested_at: new Date(),
        completed_at: new Date(),
      })
      .onConflict('user_id')
      .merge();
    const rows = await newRows(() =>
      request(ctx.app).get(`/integration/v1/applications/${applicant.id}/pdf`).set('Authorization', `Bearer ${key}`).expect(303),
    );
    expect(rows).toEqual([expect.objectContaining({ staff_email: 'integration:crm', action: 'integration-pdf', user_id: applicant.id })]);
  });

  it('a staff sign-in with a link for an address not on the staff list, with the address', async () => {
    const rows = await newRows(() =>
      postLink(signStaffLink(ctx.config.sessionSecret, 'intruder@example.com', ctx.services.now())).expect(403),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        staff_email: 'intruder@example.com',
        action: 'sign-in-refused',
        detail: expect.objectContaining({ reason: 'not-staff' }),
      }),
    ]);
  });

  it('a staff sign-in with a used link, with the address', async () => {
    const token = signStaffLink(ctx.config.sessionSecret, STAFF, ctx.services.now());
    await postLink(token).expect(303);
    const rows = await newRows(() => postLink(token).expect(400));
    expect(rows).toEqual([
      expect.objectContaining({ staff_email: STAFF, action: 'sign-in-refused', detail: expect.objectContaining({ reason: 'used' }) }),
    ]);
  });

  it('a staff sign-in with an expired link, with the address', async () => {
    const token = signStaffLink(ctx.config.sessionSecret, STAFF, ctx.services.now());
    ctx.clock.advance(16 * 60_000);
    const rows = await newRows(() => postLink(token).expect(400));
    expect(rows).toEqual([
      expect.objectContaining({ staff_email: STAFF, action: 'sign-in-refused', detail: expect.objectContaining({ reason: 'expired' }) }),
    ]);
  });

  it('a forged link, as far as it can be told', async () => {
    const rows = await newRows(() => postLink('eyJlIjoieCJ9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').expect(400));
    expect(rows).toEqual([expect.objectContaining({ action: 'sign-in-refused' })]);
  });

  it('each staff view of an application, and each opening of /staff/audit and /staff/exports', async () => {
    const staff = await staffCookie(ctx, STAFF);
    const view = await newRows(() => request(ctx.app).get(`/staff/applications/${applicant.id}`).set('Cookie', staff).expect(200));
    expect(view).toEqual([expect.objectContaining({ staff_email: STAFF, action: 'view', user_id: applicant.id })]);
    const trail = await newRows(() => request(ctx.app).get('/staff/audit').set('Cookie', staff).expect(200));
    expect(trail).toEqual([expect.objectContaining({ staff_email: STAFF, action: 'open-audit' })]);
    const bundles = await newRows(() => request(ctx.app).get('/staff/exports').set('Cookie', staff).expect(200));
    expect(bundles).toEqual([expect.objectContaining({ staff_email: STAFF, action: 'open-exports' })]);
  });

  // Issue 35 finding 8: the checklist page shows the applicant's name, the counselor's address and the letter.
  it("each staff view of an application's checklist and decision page, naming the application", async () => {
    const staff = await staffCookie(ctx, STAFF);
    const rows = await newRows(() =>
      request(ctx.app).get(`/staff/applications/${applicant.id}/checklist`).set('Cookie', staff).expect(200),
    );
    expect(rows).toEqual([
      expect.objectContaining({ staff_email: STAFF, action: 'view', user_id: applicant.id, detail: { page: 'checklist' } }),
    ]);
  });

  it('a staff sign-out, naming who signed out; a sign-out without a session records nothing', async () => {
    const staff = await staffCookie(ctx, STAFF);
    const origin = new URL(ctx.config.publicUrl).origin;
    const rows = await newRows(() => request(ctx.app).post('/staff/sign-out').set('Cookie', staff).set('Origin', origin).expect(303));
    expect(rows).toEqual([expect.objectContaining({ staff_email: STAFF, action: 'sign-out', detail: { via: 'link' } })]);
    const again = await newRows(() => request(ctx.app).post('/staff/sign-out').set('Cookie', staff).set('Origin', origin).expect(303));
    expect(again).toEqual([]);
  });
});
