import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { captureMailer } from '../helpers/smtp.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { MAX_APPLICANT_SENDS } from '../../domain/after-submission/checklist.server.js';
import { DECISION_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';
import { afterSubmissionHelpers, linkIn, startAfterSubmission } from './after-submission-setup.js';

let ctx: TestContext;
const mail = captureMailer();
let key: string;

beforeAll(async () => {
  ({ ctx, key } = await startAfterSubmission(mail));
}, 60_000);
afterAll(() => ctx?.close());

const { submitted, workMailJobs, completion } = afterSubmissionHelpers(() => ctx);

describe('the applicant on /completion', () => {
  it('without a counselor e-mail is asked for one; adding it sends the request; answers stay final; sends are limited', async () => {
    const { user } = await submitted({ ...COMPLETE_ANSWERS });
    const page = await completion(user);
    expect(page.text).toContain('We need your counselor’s e-mail address.');
    expect(page.text).toContain('name="counselor_email"');
    const answersBefore = (await ctx.db.knex('applications').where({ user_id: user.id }).first()).answers;

    const bad = await request(ctx.app)
      .post('/completion/counselor')
      .set('Cookie', user.cookie)
      .type('form')
      .send({ counselor_email: 'not an address' });
    expect(bad.status).toBe(303);
    expect(bad.headers.location).toBe('/completion?counselor=invalid#transcript');
    expect((await completion(user, '?counselor=invalid')).text).toContain('aria-invalid="true"');

    mail.messages.length = 0;
    const first = await request(ctx.app)
      .post('/completion/counselor')
      .set('Cookie', user.cookie)
      .type('form')
      .send({ counselor_email: 'First@School.example.org' });
    expect(first.headers.location).toBe('/completion?counselor=sent#transcript');
    expect((await completion(user, '?counselor=sent')).text).toContain('We sent the transcript request to first@school.example.org.');
    await workMailJobs();
    const oldToken = linkIn(mail.messages.at(-1)!);

    // A corrected address: the old link stops working.
    await request(ctx.app)
      .post('/completion/counselor')
      .set('Cookie', user.cookie)
      .type('form')
      .send({ counselor_email: 'second@school.example.org' })
      .expect(303);
    await workMailJobs();
    expect(mail.messages.at(-1)!.to).toEqual(['second@school.example.org']);
    await request(ctx.app).get(`/counselor/${oldToken}`).expect(410);

    for (let i = 1; i < MAX_APPLICANT_SENDS; i++) {
      const res = await request(ctx.app)
        .post('/completion/counselor')
        .set('Cookie', user.cookie)
        .type('form')
        .send({ counselor_email: 'second@school.example.org' });
      expect(res.headers.location).toBe('/completion?counselor=sent#transcript');
    }
    const limited = await request(ctx.app)
      .post('/completion/counselor')
      .set('Cookie', user.cookie)
      .set('Accept', 'application/json')
      .send({ counselor_email: 'second@school.example.org' });
    expect(limited.status).toBe(429);

    // The submitted answers never changed, and writing them is still refused.
    expect((await ctx.db.knex('applications').where({ user_id: user.id }).first()).answers).toEqual(answersBefore);
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send({ counselor_email_address: 'x@y.org' }).expect(409);
  });

  it('is refused from another site (the Origin check)', async () => {
    const { user } = await submitted({ ...COMPLETE_ANSWERS });
    await request(ctx.app)
      .post('/completion/counselor')
      .set('Cookie', user.cookie)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ counselor_email: 'a@b.org' })
      .expect(403);
  });
});

describe('the integration API', () => {
  const put = (path: string, body: unknown, bearer: string | null = key) => {
    const req = request(ctx.app)
      .put(path)
      .send(body as object);
    return bearer ? req.set('Authorization', `Bearer ${bearer}`) : req;
  };

  it('marks the transcript received (idempotent) and records, releases and protects a decision', async () => {
    const { user, reference } = await submitted();
    const base = `/integration/v1/applications/${reference}`;
    await put(`${base}/checklist/transcript`, { status: 'received' }, null).expect(401);
    await put(`${base}/checklist/transcript`, { status: 'lost' }).expect(400);
    await put('/integration/v1/applications/FA-ZZZZZZ/checklist/transcript', { status: 'received' }).expect(404);
    const first = await put(`${base}/checklist/transcript`, { status: 'received' }).expect(200);
    expect(first.body).toMatchObject({ reference, changed: true, transcript: { status: 'received', received_via: 'integration' } });
    const again = await put(`${base}/checklist/transcript`, { status: 'received' }).expect(200);
    expect(again.body.changed).toBe(false);

    await put(`${base}/decision`, { decision: 'maybe' }).expect(400);
    const recorded = await put(`${base}/decision`, { decision: 'admit', letter: 'Dear Maria,\n\nWelcome to the class of 2030.' }).expect(
      200,
    );
    expect(recorded.body.decision).toMatchObject({ decision: 'admit', released: false });
    // Not released: the applicant sees nothing yet, and may still be changed.
    expect((await completion(user)).text).not.toContain('Your admission decision');
    await put(`${base}/decision`, { decision: 'waitlist' }).expect(200);
    mail.messages.length = 0;
    const released = await put(`${base}/decision`, {
      decision: 'admit',
      letter: 'Dear Maria,\n\nWelcome to the class of 2030.',
      release: true,
    }).expect(200);
    expect(released.body).toMatchObject({ changed: true, decision: { decision: 'admit', released: true } });
    expect(
      (
        await put(`${base}/decision`, { decision: 'admit', letter: 'Dear Maria,\n\nWelcome to the class of 2030.', release: true }).expect(
          200,
        )
      ).body.changed,
    ).toBe(false);
    await put(`${base}/decision`, { decision: 'deny', release: true }).expect(409);

    expect(await workMailJobs()).toContain('sent');
    const update = mail.messages.filter((m) => m.to.includes(user.username));
    expect(update).toHaveLength(1);
    expect(update[0]!.subject).toBe(DECISION_SUBJECT);
    expect(update[0]!.text).toContain(`${ctx.config.publicUrl}/login`);
    expect(update[0]!.text.toLowerCase()).not.toMatch(/admit|congratulat|waitlist|deny|denied/);

    const page = await completion(user);
    expect(page.text).toContain('Congratulations! You are admitted.');
    expect(page.text).toContain('Welcome to the class of 2030.');
    const letter = await completion(user, '?view=letter');
    expect(letter.text).toContain('Welcome to the class of 2030.');
    expect(letter.text).not.toContain('Your checklist');

    const events = (await ctx.db.knex('webhook_events').where({ user_id: user.id }).orderBy('id')).map((e) => e.type);
    expect(events).toEqual(['application.submitted', 'transcript.received', 'decision.released']);
    const audit = (await ctx.db.knex('staff_audit').where({ user_id: user.id }).orderBy('id')).map((a) => [a.staff_email, a.action]);
    expect(audit).toEqual([
      ['integration:crm', 'transcript-received'],
      ['integration:crm', 'decision-recorded'],
      ['integration:crm', 'decision-recorded'],
      ['integration:crm', 'decision-recorded'],
      ['integration:crm', 'decision-released'],
    ]);

    // The feed carries the same state (for a CRM that missed a webhook).
    ctx.clock.advance(10_000);
    const feed = await request(ctx.app)
      .get('/integration/v1/applications')
      .query({ limit: '500' })
      .set('Authorization', `Bearer ${key}`)
      .expect(200);
    const item = (feed.body.applications as Array<Record<string, unknown>>).find((a) => a.reference === reference);
    expect(item).toMatchObject({
      transcript: { status: 'received', received_via: 'integration' },
      decision: { decision: 'admit', released: true },
    });
  });
});
