import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { captureMailer, type ReceivedMail } from '../helpers/smtp.js';
import { makePdf } from '../fixtures/documents.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE, type ConvertDocumentData } from '../../platform/jobs/queues.js';
import { convertDocument } from '../../workers/jobs/convert-document.server.js';
import { COUNSELOR_LINK_DAYS, MAX_APPLICANT_SENDS } from '../../domain/after-submission/checklist.server.js';
import { COUNSELOR_SUBJECT, DECISION_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';

let ctx: TestContext;
const mail = captureMailer();
let key: string;

beforeAll(async () => {
  await loadVikeBuild();
  // Jobs are queued (in the submission's transaction) but worked here, one step at a time.
  ctx = await createTestApp({
    queue: 'send-only',
    env: { WEBHOOK_URL: 'http://127.0.0.1:9/hooks', WEBHOOK_SECRET: 'whsec-test-0123456789abcdef' },
  });
  ctx.services.mail = mail;
  const created = await runClientCommand(ctx.db.knex, { action: 'create', name: 'crm' }, ctx.services.now());
  if (!created.ok) throw new Error(created.message);
  key = created.lines[1]!;
}, 60_000);
afterAll(() => ctx?.close());

const COUNSELOR = 'pat.counselor@alta.example.org';

async function submitted(
  answers: Record<string, string | boolean> = {
    ...COMPLETE_ANSWERS,
    counselor_first_name: 'Pat',
    counselor_last_name: 'Jones',
    counselor_email_address: COUNSELOR,
  },
) {
  const user = await createLoggedInUser(ctx);
  await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(answers).expect(200);
  const res = await request(ctx.app).post('/api/submit').set('Cookie', user.cookie).expect(200);
  return { user, reference: res.body.reference as string };
}

/** Works every queued after-submission e-mail job that is due now (pg-boss's startAfter), as the worker would. */
async function workMailJobs(): Promise<Array<'sent' | 'skipped'>> {
  const rows = (
    await ctx.db.knex.raw(`select id, data from pgboss.job where name = ? and state = 'created' and start_after <= now() order by id`, [
      AFTER_SUBMISSION_MAIL_QUEUE,
    ])
  ).rows as Array<{ id: string; data: never }>;
  const out: Array<'sent' | 'skipped'> = [];
  for (const row of rows) {
    out.push(await sendAfterSubmissionMail(ctx.services, row.data));
    await ctx.db.knex.raw(`update pgboss.job set state = 'completed' where id = ?`, [row.id]);
  }
  return out;
}

/** Reminder jobs queued for a request (waiting for their day). */
async function reminderJobs(requestId: string) {
  return (
    await ctx.db.knex.raw(
      `select data, start_after from pgboss.job where name = ? and data->>'requestId' = ? and (data->>'reminder')::int > 0 and state = 'created'`,
      [AFTER_SUBMISSION_MAIL_QUEUE, requestId],
    )
  ).rows as Array<{ data: { kind: 'counselor'; requestId: string; reminder: 1 | 2 }; start_after: Date }>;
}

function linkIn(message: ReceivedMail): string {
  const match = /\/counselor\/([A-Za-z0-9_-]{43})/.exec(message.text);
  if (!match) throw new Error(`no counselor link in: ${message.text}`);
  return match[1]!;
}

const completion = (user: TestUser, query = '') => request(ctx.app).get(`/completion${query}`).set('Cookie', user.cookie).expect(200);

describe('the counselor request', () => {
  it('is e-mailed at submission; the counselor page takes a PDF without an account; the checklist says received; reminders stop', async () => {
    const { user } = await submitted();
    const before = await completion(user);
    expect(before.text).toContain('Requested from <strong>pat.counselor@alta.example.org</strong> on ');
    expect(before.text).toMatch(/Submitted on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M M[SD]T\./);
    expect(before.text).toMatch(/Expected by [A-Z][a-z]+ \d{1,2}, \d{4}\./);

    mail.messages.length = 0;
    expect(await workMailJobs()).toEqual(['sent']);
    expect(mail.messages).toHaveLength(1);
    const message = mail.messages[0]!;
    expect(message.to).toEqual([COUNSELOR]);
    // A fixed subject: the applicant's name is in the body only (issue 35).
    expect(message.subject).toBe(COUNSELOR_SUBJECT);
    expect(message.text).toContain('“Maria Lopez”');
    expect(message.text).toContain('Dear Pat Jones,');
    expect(message.text).toContain('at “Alta High School”');
    expect(message.text).toContain(ctx.config.contacts.officeEmail);
    expect(message.html).toContain('<a href="http');
    const token = linkIn(message);

    const page = await request(ctx.app).get(`/counselor/${token}`).expect(200);
    expect(page.text).toContain('<strong>Maria Lopez</strong>');
    expect(page.text).toContain('<strong>Alta High School</strong>');
    expect(page.text).toContain('This is not my student');
    expect(page.text).not.toContain('<script');

    const requestRow = await ctx.db.knex('counselor_requests').where({ user_id: user.id }).first();
    expect(requestRow.token_hash).not.toContain(token);
    expect(await reminderJobs(String(requestRow.id))).toHaveLength(2);

    const upload = await request(ctx.app)
      .post(`/counselor/${token}`)
      .attach('transcript', await makePdf(1), { filename: 'Maria transcript.pdf', contentType: 'application/pdf' });
    expect(upload.status).toBe(303);
    const doc = await ctx.db.knex('document_answers').where({ user_id: user.id, answer_key: 'counselor_transcript' }).first();
    expect(doc).toMatchObject({ status: 'UNPROCESSED', file_name: 'counselor-transcript.pdf' });
    const convertJobs = (
      await ctx.db.knex.raw(`select id, data from pgboss.job where name = 'convert-document' and data->>'userId' = ?`, [user.id])
    ).rows as Array<{ id: string; data: ConvertDocumentData }>;
    expect(convertJobs).toHaveLength(1);
    // Not received until the file has been through the conversion (a file nobody can read is no transcript).
    expect((await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first()).status).toBe('requested');
    expect((await request(ctx.app).get(`/counselor/${token}`).expect(200)).text).toContain('We are checking the file.');
    await convertDocument(ctx.services, convertJobs[0]!.data, convertJobs[0]!.id);

    const after = await completion(user);
    expect(after.text).toContain('Received from your counselor on ');
    expect(after.text).not.toContain('Your counselor</h2>');
    expect((await request(ctx.app).get(`/counselor/${token}`).expect(200)).text).toContain('Transcript received');

    // The reminders' day comes: nothing goes out, because the transcript is here.
    mail.messages.length = 0;
    for (const job of await reminderJobs(String(requestRow.id)))
      expect(await sendAfterSubmissionMail(ctx.services, job.data)).toBe('skipped');
    expect(mail.messages).toHaveLength(0);
    expect((await ctx.db.knex('staff_audit').where({ user_id: user.id }).orderBy('id')).map((a) => [a.staff_email, a.action])).toEqual([
      ['counselor', 'counselor-viewed'],
      ['counselor', 'counselor-upload'],
      ['counselor', 'counselor-viewed'],
      ['counselor', 'transcript-received'],
      ['counselor', 'counselor-viewed'],
    ]);
    expect((await ctx.db.knex('webhook_events').where({ user_id: user.id, type: 'transcript.received' })).length).toBe(1);
  });

  it('sends a reminder while nothing has arrived, and never after the link expired', async () => {
    const { user } = await submitted();
    await workMailJobs();
    const requestRow = await ctx.db.knex('counselor_requests').where({ user_id: user.id }).first();
    const [first, second] = (await reminderJobs(String(requestRow.id))).sort((a, b) => a.data.reminder - b.data.reminder);
    mail.messages.length = 0;
    expect(await sendAfterSubmissionMail(ctx.services, first!.data)).toBe('sent');
    expect(mail.messages[0]!.subject).toBe(`Reminder: ${COUNSELOR_SUBJECT}`);
    expect(linkIn(mail.messages[0]!)).toBe(linkIn(mail.messages[0]!));
    // Sent once only, even when the job runs again.
    expect(await sendAfterSubmissionMail(ctx.services, first!.data)).toBe('skipped');
    ctx.clock.advance((COUNSELOR_LINK_DAYS + 1) * 86_400_000);
    try {
      expect(await sendAfterSubmissionMail(ctx.services, second!.data)).toBe('skipped');
    } finally {
      ctx.clock.advance(-(COUNSELOR_LINK_DAYS + 1) * 86_400_000);
    }
  });

  it('refuses what is not a document, and too large a file, with the page and a clear message', async () => {
    const { user } = await submitted();
    await workMailJobs();
    const token = linkIn(mail.messages.at(-1)!);
    const exe = await request(ctx.app)
      .post(`/counselor/${token}`)
      .attach('transcript', Buffer.from('MZ\x90\x00 not a document'), { filename: 'transcript.pdf' });
    expect(exe.status).toBe(400);
    expect(exe.text).toContain('You can only enter the following file types');
    const big = await request(ctx.app)
      .post(`/counselor/${token}`)
      .attach('transcript', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024 + 10)]), { filename: 't.pdf' });
    expect(big.status).toBe(413);
    expect(big.text).toContain('The maximum file size is 1 MB.');
    const none = await request(ctx.app).post(`/counselor/${token}`).field('x', 'y');
    expect(none.status).toBe(400);
    expect((await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first()).status).toBe('requested');
    expect((await request(ctx.app).get('/counselor/not-a-token').expect(404)).text).toContain('This link does not work');
  });

  it('"This is not my student" stops the link and tells the applicant', async () => {
    const { user } = await submitted();
    await workMailJobs();
    const token = linkIn(mail.messages.at(-1)!);
    // The first post only asks (issue 38): the link stays live until the counselor answers yes.
    const asked = await request(ctx.app).post(`/counselor/${token}/not-my-student`).type('form').send({}).expect(200);
    expect(asked.text).toContain('Are you sure <strong>Maria Lopez</strong> is not your student?');
    expect(asked.text).toContain('Yes, this is not my student');
    expect(asked.text).toContain(`href="/counselor/${token}">No, go back</a>`);
    await request(ctx.app).get(`/counselor/${token}`).expect(200);
    await request(ctx.app).post(`/counselor/${token}/not-my-student`).type('form').send({ confirm: 'yes' }).expect(303);
    expect((await request(ctx.app).get(`/counselor/${token}`).expect(410)).text).toContain('Thank you for telling us');
    expect((await request(ctx.app).post(`/counselor/${token}/not-my-student`).type('form').send({}).expect(409)).text).toContain(
      'Thank you for telling us',
    );
    const page = await completion(user);
    expect(page.text).toContain(`${COUNSELOR} told us on `);
    expect(page.text).toContain('that you are not their student');
    const upload = await request(ctx.app)
      .post(`/counselor/${token}`)
      .attach('transcript', await makePdf(1), { filename: 't.pdf' });
    expect(upload.status).toBe(409);
  });
});

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
