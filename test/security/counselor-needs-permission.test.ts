import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { staffCookie } from '../helpers/staff.js';
import { COUNSELOR, STAFF, counselorApp, submitWith, workMailJobs } from './counselor-fixture.js';
import { staffApplicationPath } from '../../server/after-submission/staff-labels.js';

// Issue 35 finding 5: "No" to "may the university request your transcripts?" means no counselor e-mail at all.
let ctx: TestContext;
let mail: Awaited<ReturnType<typeof counselorApp>>['mail'];
beforeAll(async () => {
  await loadVikeBuild();
  ({ ctx, mail } = await counselorApp());
}, 60_000);
afterAll(() => ctx?.close());

describe('a counselor request needs the applicant’s permission', () => {
  it('sends no counselor e-mail at submission, says on /completion what to do instead, and offers no request form', async () => {
    mail.messages.length = 0;
    const { user, submit } = await submitWith(ctx, { counselor_waiver_request: 'N' });
    expect(submit.status).toBe(200);
    await workMailJobs(ctx);
    expect(mail.messages.filter((m) => m.to.includes(COUNSELOR))).toEqual([]);
    expect(await ctx.db.knex('counselor_requests').where({ user_id: user.id })).toEqual([]);
    expect((await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first()).status).toBe('needed');

    const page = await request(ctx.app).get('/completion').set('Cookie', user.cookie).expect(200);
    expect(page.text).toContain('You chose not to let us ask your counselor for your transcript.');
    expect(page.text).toContain(`mailto:${ctx.config.contacts.officeEmail}`);
    expect(page.text).not.toContain('action="/completion/counselor"');

    const sent = await request(ctx.app)
      .post('/completion/counselor')
      .set('Cookie', user.cookie)
      .set('Accept', 'application/json')
      .send({ counselor_email: COUNSELOR });
    expect(sent.status).toBe(409);
    expect(sent.body.outcome).toBe('not-permitted');
    await workMailJobs(ctx);
    expect(mail.messages.filter((m) => m.to.includes(COUNSELOR))).toEqual([]);
  });

  it('the staff checklist says so and the office cannot send the request either', async () => {
    const { user } = await submitWith(ctx, { counselor_waiver_request: 'N' });
    const staff = await staffCookie(ctx, STAFF);
    const page = await request(ctx.app).get(staffApplicationPath(user.id)).set('Cookie', staff).expect(200);
    expect(page.text).toContain('Applicant did not permit a counselor request');
    expect(page.text).not.toContain('/counselor-request"');
    await request(ctx.app).post(`/staff/applications/${user.id}/counselor-request`).set('Cookie', staff).type('form').send({}).expect(409);
    expect(await ctx.db.knex('counselor_requests').where({ user_id: user.id })).toEqual([]);
  });

  it('with permission, the request goes as before', async () => {
    mail.messages.length = 0;
    await submitWith(ctx, { counselor_waiver_request: 'Y' });
    await workMailJobs(ctx);
    expect(mail.messages.filter((m) => m.to.includes(COUNSELOR))).toHaveLength(1);
  });
});
