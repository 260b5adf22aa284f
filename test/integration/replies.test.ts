import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { staffCookie } from '../helpers/staff.js';
import { createLoggedInUser } from '../helpers/users.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import { REPLY_MESSAGES } from '../../domain/after-submission/reply-rules.js';
import { LEAD, READER, applicantWith, auditOf, eventsOf, postReply, postWaiver, startReplyApp } from './replies-setup.js';

/*
 * Issue 39: an admitted applicant replies on /completion until the reply date (REPLY_DATE 05-01 of the entry year,
 * the end of that day in TIME_ZONE); a waitlisted one says whether to stay on the list; nobody else replies.
 * Each reply is audited, in the feed and a `reply.received` webhook; after the reply date only the office changes it.
 */

let ctx: TestContext;
let key: string;
let lead: string;
let reader: string;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await startReplyApp({ env: { DEPOSIT_URL: 'https://pay.example.edu/deposit?ref={reference}' } });
  const created = await runClientCommand(ctx.db.knex, { action: 'create', name: 'crm' }, ctx.services.now());
  if (!created.ok) throw new Error(created.message);
  key = created.lines[1]!;
  lead = await staffCookie(ctx, LEAD);
  reader = await staffCookie(ctx, READER);
}, 120_000);
afterAll(() => ctx?.close());

const completion = (cookie: string) => request(ctx.app).get('/completion').set('Cookie', cookie);
const feedReply = async (userId: string) => {
  const res = await request(ctx.app).get('/integration/v1/applications?limit=500').set('Authorization', `Bearer ${key}`).expect(200);
  return (res.body.applications as Array<{ id: string; reply: unknown }>).find((a) => a.id === userId)?.reply;
};

describe('an admitted applicant replies', () => {
  it('"I will enroll": recorded, audited, in the feed and a reply.received webhook; the deposit link carries the reference', async () => {
    const maria = await applicantWith(ctx, 'admit');
    const before = await completion(maria.cookie).expect(200);
    expect(before.text).toContain('Your reply to our offer');
    expect(before.text).toContain('May 1, 2027 at 11:59 PM MDT');
    expect(before.text).toContain('name="version" value="0"');

    const at = ctx.clock.now.toISOString();
    const res = await postReply(ctx, maria, { answer: 'enroll', version: '0' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/completion?reply=saved#reply');

    const after = await completion(maria.cookie).expect(200);
    expect(after.text).toContain('Your reply: <strong>I will enroll</strong>');
    expect(after.text).toContain(`href="https://pay.example.edu/deposit?ref=${maria.reference}"`);
    expect(after.text).toContain('Ask for a deposit waiver');

    expect(await auditOf(ctx, maria.id, 'reply-recorded')).toEqual([
      { by: 'applicant', detail: { answer: 'enroll', college: null, version: 1 } },
    ]);
    const [event] = await eventsOf(ctx, maria.id);
    expect(event).toMatchObject({
      type: 'reply.received',
      data: {
        application_id: maria.id,
        reference: maria.reference,
        reply: { answer: 'enroll', replied_by: 'applicant', version: 1, deposit_waiver: null },
      },
    });
    ctx.clock.advance(10_000); // past the feed's settling time
    expect(await feedReply(maria.id)).toMatchObject({ answer: 'enroll', college: null, replied_at: at, replied_by: 'applicant' });
  });

  it('"I will not enroll" with a college from the lookup keeps the lookup spelling and id; a typed one is kept as typed', async () => {
    const omar = await applicantWith(ctx, 'admit');
    const college = (await ctx.db.knex('lookup_school').where({ category: 'college_ceeb' }).first('name', 'public_id')) as {
      name: string;
      public_id: string;
    };
    expect((await postReply(ctx, omar, { answer: 'decline', college: `  ${college.name.toUpperCase()} `, version: '0' })).status).toBe(303);
    const matched = await ctx.db.knex('enrollment_replies').where({ user_id: omar.id }).first();
    expect(matched).toMatchObject({ answer: 'decline', college_name: college.name, college_lookup_id: college.public_id });
    expect((await postReply(ctx, omar, { answer: 'decline', college: 'Colegio Imaginario de Nada', version: '1' })).status).toBe(303);
    const stored = await ctx.db.knex('enrollment_replies').where({ user_id: omar.id }).first();
    expect(stored).toMatchObject({ answer: 'decline', college_name: 'Colegio Imaginario de Nada', college_lookup_id: null });
    expect((await completion(omar.cookie)).text).toContain('You told us you will attend Colegio Imaginario de Nada.');
  });

  it('a form made from an older reply is refused (409) and changes nothing; the same reply again changes nothing', async () => {
    const ana = await applicantWith(ctx, 'admit');
    expect((await postReply(ctx, ana, { answer: 'enroll', version: '0' })).status).toBe(303);
    const stale = await postReply(ctx, ana, { answer: 'decline', version: '0' });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain(REPLY_MESSAGES.stale);
    const same = await postReply(ctx, ana, { answer: 'enroll', version: '1' });
    expect(same.headers.location).toBe('/completion?reply=unchanged#reply');
    expect((await ctx.db.knex('enrollment_replies').where({ user_id: ana.id }).first()).answer).toBe('enroll');
    expect(await eventsOf(ctx, ana.id)).toHaveLength(1);
  });

  it('a reply posted from another site is refused by the Origin check', async () => {
    const ben = await applicantWith(ctx, 'admit');
    const res = await postReply(ctx, ben, { answer: 'enroll', version: '0' }).set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
    expect(await ctx.db.knex('enrollment_replies').where({ user_id: ben.id })).toHaveLength(0);
  });
});

describe('who may reply', () => {
  it('a waitlisted applicant says whether to stay on the list; the offer answers are refused (400)', async () => {
    const lena = await applicantWith(ctx, 'waitlist');
    const page = await completion(lena.cookie).expect(200);
    expect(page.text).toContain('Your place on the waitlist');
    expect(page.text).toContain('Keep me on the waitlist');
    expect(page.text).not.toContain('I will enroll');
    const wrong = await postReply(ctx, lena, { answer: 'enroll', version: '0' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(REPLY_MESSAGES.choose);
    expect((await postReply(ctx, lena, { answer: 'stay', version: '0' })).status).toBe(303);
    expect((await completion(lena.cookie)).text).toContain('Your reply: <strong>Keep me on the waitlist</strong>');
    expect((await completion(lena.cookie)).text).not.toContain('Enrollment deposit');
    expect((await eventsOf(ctx, lena.id))[0]!.data.reply).toMatchObject({ answer: 'stay' });
  });

  it('a denied applicant, one whose admit is not released yet, and an unsubmitted account cannot reply (403, 403, 409)', async () => {
    const denied = await applicantWith(ctx, 'deny');
    const res = await postReply(ctx, denied, { answer: 'decline', version: '0' });
    expect(res.status).toBe(403);
    expect(res.text).toContain(REPLY_MESSAGES.noOffer);
    expect((await completion(denied.cookie)).text).not.toContain('id="reply"');
    const waiting = await applicantWith(ctx, 'admit', { release: false });
    expect((await postReply(ctx, waiting, { answer: 'enroll', version: '0' })).status).toBe(403);
    expect((await postWaiver(ctx, waiting, 'I cannot pay')).status).toBe(403);
    // Nor does the office record a reply where there is no offer (409, a conflict with the decision).
    const office = await request(ctx.app)
      .post(`/staff/applications/${denied.id}/reply`)
      .set('Cookie', lead)
      .type('form')
      .send({ answer: 'decline', version: '0' });
    expect(office.status).toBe(409);
    expect(office.text).toContain(REPLY_MESSAGES.noOffer);
    const unsubmitted = await createLoggedInUser(ctx);
    const early = await postReply(ctx, unsubmitted, { answer: 'enroll', version: '0' });
    expect(early.status).toBe(409);
    expect(early.text).toContain(REPLY_MESSAGES.notSubmitted);
    expect(await ctx.db.knex('enrollment_replies').whereIn('user_id', [denied.id, waiting.id, unsubmitted.id])).toHaveLength(0);
  });
});

describe('the deposit waiver', () => {
  it('is asked once with a reason, decided once by a lead (a reader gets 403), and reaches the feed and a webhook', async () => {
    const cy = await applicantWith(ctx, 'admit');
    expect((await postWaiver(ctx, cy, 'I have not replied yet')).status).toBe(409);
    await postReply(ctx, cy, { answer: 'enroll', version: '0' }).expect(303);
    expect((await postWaiver(ctx, cy, '   ')).status).toBe(400);
    expect((await postWaiver(ctx, cy, 'My family cannot pay before June.')).headers.location).toBe(
      '/completion?reply=waiver-requested#deposit',
    );
    expect((await postWaiver(ctx, cy, 'Again')).status).toBe(409);
    expect((await completion(cy.cookie)).text).toContain('The office has not answered yet.');
    expect((await eventsOf(ctx, cy.id)).at(-1)!.data.reply.deposit_waiver).toMatchObject({
      status: 'requested',
      reason: 'My family cannot pay before June.',
    });

    const path = `/staff/applications/${cy.id}/deposit-waiver`;
    const refused = await request(ctx.app).post(path).set('Cookie', reader).type('form').send({ decision: 'approve' });
    expect(refused.status).toBe(403);
    const page = await request(ctx.app).get(`/staff/applications/${cy.id}/reply`).set('Cookie', lead).expect(200);
    expect(page.text).toContain('My family cannot pay before June.');
    await request(ctx.app).post(path).set('Cookie', lead).type('form').send({ decision: 'approve' }).expect(303);
    const again = await request(ctx.app).post(path).set('Cookie', lead).type('form').send({ decision: 'decline' });
    expect(again.status).toBe(409);
    expect(again.text).toContain(`already approved by ${LEAD}`);
    expect((await completion(cy.cookie)).text).toContain('Your deposit is waived');
    expect(await auditOf(ctx, cy.id, 'deposit-waiver-approved')).toEqual([{ by: LEAD, detail: {} }]);
    expect((await eventsOf(ctx, cy.id, 'deposit.waiver_decided')).map((e) => e.data.status)).toEqual(['approved']);
    ctx.clock.advance(10_000);
    expect(await feedReply(cy.id)).toMatchObject({ answer: 'enroll', deposit_waiver: { status: 'approved' } });
  });
});
