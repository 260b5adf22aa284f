import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { staffCookie } from '../helpers/staff.js';
import { makePdf } from '../fixtures/documents.js';
import { STAFF, counselorApp, linkIn, submitWith, workMailJobs } from './counselor-fixture.js';
import { staffApplicationPath } from '../../server/after-submission/staff-labels.js';
import { TRANSCRIPT_REJECTED_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';
import { convertDocument } from '../../workers/jobs/convert-document.server.js';
import type { ConvertDocumentData } from '../../platform/jobs/queues.js';

// Issue 35 finding 2 (the desk's side): who sent the counselor's document, a free-mail warning, and rejection as unofficial.
let ctx: TestContext;
let mail: Awaited<ReturnType<typeof counselorApp>>['mail'];
let staff: string;
beforeAll(async () => {
  await loadVikeBuild();
  ({ ctx, mail } = await counselorApp());
  staff = await staffCookie(ctx, STAFF);
}, 60_000);
afterAll(() => ctx?.close());

const FREE = 'maybe.me@gmail.com';

async function receivedFromCounselor() {
  const { user } = await submitWith(ctx, { counselor_email_address: FREE });
  mail.messages.length = 0;
  await workMailJobs(ctx);
  const token = linkIn(mail.messages.find((m) => m.to.includes(FREE))!);
  await request(ctx.app)
    .post(`/counselor/${token}`)
    .attach('transcript', await makePdf(1), { filename: 't.pdf', contentType: 'application/pdf' })
    .expect(303);
  const [job] = (
    await ctx.db.knex.raw(`select id, data from pgboss.job where name = 'convert-document' and data->>'userId' = ?`, [user.id])
  ).rows as Array<{ id: string; data: ConvertDocumentData }>;
  await convertDocument(ctx.services, job!.data, job!.id);
  return { user, token };
}

describe('the desk sees who sent the counselor transcript', () => {
  it('shows the sending address and time, and warns in words about a free-mail address', async () => {
    const { user } = await receivedFromCounselor();
    const page = await request(ctx.app).get(staffApplicationPath(user.id)).set('Cookie', staff).expect(200);
    expect(page.text).toMatch(new RegExp(`Sent by ${FREE.replace('.', '\\.')} \\(the counselor&#x27;s link\\), received \\d{4}-`));
    expect(page.text).toContain(`<strong>Warning:</strong> ${FREE} is a free-mail address (gmail.com)`);
    expect(page.text).toContain('Reject as unofficial');
  });

  it('a school address gets no warning', async () => {
    const { user } = await submitWith(ctx, { counselor_email_address: 'pat@alta.k12.example.org' });
    const page = await request(ctx.app).get(staffApplicationPath(user.id)).set('Cookie', staff).expect(200);
    expect(page.text).toContain('Requested from pat@alta.k12.example.org');
    expect(page.text).not.toContain('Warning:');
  });
});

describe('rejecting a counselor transcript as unofficial', () => {
  it('reopens the checklist, drops the document, audits it, tells the applicant on /completion and by e-mail', async () => {
    const { user, token } = await receivedFromCounselor();
    await request(ctx.app)
      .post(`/staff/applications/${user.id}/transcript/reject`)
      .set('Cookie', staff)
      .type('form')
      .send({ reason: '' })
      .expect(400);
    const res = await request(ctx.app)
      .post(`/staff/applications/${user.id}/transcript/reject`)
      .set('Cookie', staff)
      .type('form')
      .send({ reason: 'Sent from a personal inbox' });
    expect(res.status).toBe(303);
    expect(await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first()).toMatchObject({
      status: 'needed',
      received_via: null,
      rejected_email: FREE,
      rejected_reason: 'Sent from a personal inbox',
    });
    expect(await ctx.db.knex('document_answers').where({ user_id: user.id, answer_key: 'counselor_transcript' }).first()).toBeUndefined();
    const audit = await ctx.db.knex('staff_audit').where({ user_id: user.id, action: 'counselor-transcript-rejected' }).first();
    expect(audit).toMatchObject({ staff_email: STAFF });
    expect(audit.ip).toBeTruthy();
    // The old link is dead and names nobody.
    expect((await request(ctx.app).get(`/counselor/${token}`).expect(410)).text).not.toContain('Maria');

    const completion = await request(ctx.app).get('/completion').set('Cookie', user.cookie).expect(200);
    expect(completion.text).toContain('was not accepted as an official one from your school');
    expect(completion.text).toContain('Sent from a personal inbox');
    expect(completion.text).toContain('action="/completion/counselor"');

    mail.messages.length = 0;
    await workMailJobs(ctx);
    const told = mail.messages.filter((m) => m.to.includes(user.username));
    expect(told.map((m) => m.subject)).toEqual([TRANSCRIPT_REJECTED_SUBJECT]);
    // The rejected address is not taken again; a new one is.
    const again = await request(ctx.app)
      .post('/completion/counselor')
      .set('Cookie', user.cookie)
      .set('Accept', 'application/json')
      .send({ counselor_email: FREE });
    expect(again.body.outcome).toBe('own-address');
    await request(ctx.app)
      .post('/completion/counselor')
      .set('Cookie', user.cookie)
      .set('Accept', 'application/json')
      .send({ counselor_email: 'registrar@alta.example.org' })
      .expect(200);
  });

  it('is refused from another site, and for a transcript not from the counselor', async () => {
    const { user } = await receivedFromCounselor();
    await request(ctx.app)
      .post(`/staff/applications/${user.id}/transcript/reject`)
      .set('Cookie', staff)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ reason: 'x' })
      .expect(403);
    expect((await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first()).status).toBe('received');
    const other = await submitWith(ctx);
    await request(ctx.app)
      .post(`/staff/applications/${other.user.id}/transcript/reject`)
      .set('Cookie', staff)
      .type('form')
      .send({ reason: 'x' })
      .expect(409);
  });
});
