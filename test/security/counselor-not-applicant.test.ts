import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { counselorApp, submitWith, workMailJobs } from './counselor-fixture.js';
import { openChecklistAtSubmission } from '../../domain/after-submission/counselor-request.server.js';
import { validate } from '../../form/validate.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { MESSAGES } from '../../form/messages.js';

// Issue 35 finding 2: the counselor's address may not be the applicant's own (account or any e-mail answer).
let ctx: TestContext;
let mail: Awaited<ReturnType<typeof counselorApp>>['mail'];
beforeAll(async () => {
  await loadVikeBuild();
  ({ ctx, mail } = await counselorApp());
}, 60_000);
afterAll(() => ctx?.close());

const OWN = 'maria.own@example.edu';

describe('the counselor address is not the applicant’s own', () => {
  it('the shared validator refuses a parent’s address and the account’s address (when known) at the counselor field', () => {
    const parent = String(COMPLETE_ANSWERS.parent_email_address);
    const asParent = validate({ ...COMPLETE_ANSWERS, counselor_email_address: parent.toUpperCase() }, 'all');
    expect(asParent.find((e) => e.key === 'counselor_email_address')?.messages).toEqual([MESSAGES.counselorNotApplicant]);
    const asAccount = validate({ ...COMPLETE_ANSWERS, counselor_email_address: OWN }, 'all', { accountEmail: OWN });
    expect(asAccount.find((e) => e.key === 'counselor_email_address')?.messages).toEqual([MESSAGES.counselorNotApplicant]);
    expect(validate({ ...COMPLETE_ANSWERS, counselor_email_address: 'pat@alta.example.org' }, 'all', { accountEmail: OWN })).toEqual([]);
  });

  it('refuses to submit with the account’s own address as the counselor’s, saying so at the field, and sends nothing', async () => {
    mail.messages.length = 0;
    const { user, submit } = await submitWith(ctx, { counselor_email_address: OWN.toUpperCase() }, OWN);
    expect(submit.status).toBe(422);
    expect(JSON.stringify(submit.body)).toContain('Enter your counselor’s address, not your own or a family member’s.');
    expect(await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first()).toBeUndefined();
    await workMailJobs(ctx);
    expect(mail.messages.filter((m) => m.to.includes(OWN))).toEqual([]);
  });

  it('refuses the applicant’s own address on /completion, with a clear message, and sends nothing', async () => {
    const { user, submit } = await submitWith(ctx, { counselor_email_address: '' }, 'maria.two@example.edu');
    expect(submit.status).toBe(200);
    await workMailJobs(ctx);
    mail.messages.length = 0;
    for (const address of ['maria.two@example.edu', 'Parent@Example.com']) {
      const res = await request(ctx.app)
        .post('/completion/counselor')
        .set('Cookie', user.cookie)
        .set('Accept', 'application/json')
        .send({ counselor_email: address });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ outcome: 'own-address', message: 'Enter your counselor’s address, not your own or a family member’s.' });
    }
    const form = await request(ctx.app)
      .post('/completion/counselor')
      .set('Cookie', user.cookie)
      .type('form')
      .send({ counselor_email: 'maria.two@example.edu' })
      .expect(303);
    const page = await request(ctx.app).get(form.headers.location!).set('Cookie', user.cookie).expect(200);
    expect(page.text).toContain('Enter your counselor’s address, not your own or a family member’s.');
    expect(await ctx.db.knex('counselor_requests').where({ user_id: user.id })).toEqual([]);
    expect((await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first()).status).toBe('needed');
    await workMailJobs(ctx);
    expect(mail.messages).toEqual([]);
  });

  it('at submission, an own address that got past validation (an older application) is neither kept nor e-mailed', async () => {
    const { user } = await submitWith(ctx, { counselor_email_address: 'pat@alta.example.org' }, 'maria.three@example.edu');
    await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).delete();
    await ctx.db.knex('counselor_requests').where({ user_id: user.id }).delete();
    await ctx.db.knex.raw(`update pgboss.job set state = 'completed' where name = 'after-submission-mail'`);
    await ctx.db.knex.raw(
      `update applications set answers = jsonb_set(answers, '{counselor_email_address}', to_jsonb(?::text)) where user_id = ?`,
      ['maria.three@example.edu', user.id],
    );
    await ctx.db.knex.transaction((trx) => openChecklistAtSubmission(ctx.services, trx, user.id));
    expect(await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first()).toMatchObject({
      status: 'needed',
      counselor_email: null,
    });
    expect(await ctx.db.knex('counselor_requests').where({ user_id: user.id })).toEqual([]);
    mail.messages.length = 0;
    await workMailJobs(ctx);
    expect(mail.messages).toEqual([]);
  });
});
