import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { captureMailer } from '../helpers/smtp.js';
import { makePdf } from '../fixtures/documents.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { REFERENCE_PATTERN, assignReference } from '../../db/repos/references.server.js';
import { findApplicationPdf, markPdfCompleted } from '../../db/repos/application-pdfs.server.js';
import { queueReceiptsAfterPdf, sendReceiptJob } from '../../workers/jobs/send-receipt.server.js';
import { RECEIPT_FALLBACK_SECONDS, RECEIPT_QUEUE } from '../../platform/jobs/queues.js';
import { MAX_RESENDS } from '../../domain/receipts/receipts.server.js';
import { fieldsOf } from '../../form/fields.js';
import { displayValue } from '../../form/display.js';
import { signPrintToken } from '../../platform/tokens/print-token.server.js';

let ctx: TestContext;
const mail = captureMailer();
let mailDown = false;

beforeAll(async () => {
  await loadVikeBuild();
  // The queue takes jobs (sent in the submission's transaction) but this process does not work them:
  // each test runs the receipt job itself, step by step.
  ctx = await createTestApp({ queue: 'send-only' });
  ctx.services.mail = {
    async send(message) {
      if (mailDown) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      await mail.send(message);
    },
  };
}, 60_000);
afterAll(() => ctx?.close());

async function submitted(): Promise<{ user: TestUser; reference: string }> {
  const user = await createLoggedInUser(ctx);
  await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(COMPLETE_ANSWERS).expect(200);
  const res = await request(ctx.app).post('/api/submit').set('Cookie', user.cookie).expect(200);
  return { user, reference: res.body.reference };
}

async function receiptsOf(userId: string) {
  return ctx.db.knex('receipts').where({ user_id: userId }).orderBy('id');
}

/** The receipt's jobs, each with how many seconds after it was queued it may start. */
async function jobsFor(receiptId: string): Promise<number[]> {
  const rows = await ctx.db.knex.raw(
    `select round(extract(epoch from start_after - created_on))::int as delay from pgboss.job where name = ? and data->>'receiptId' = ? order by created_on`,
    [RECEIPT_QUEUE, receiptId],
  );
  return (rows.rows as Array<{ delay: number }>).map((row) => Number(row.delay)).sort((a, b) => a - b);
}

/** The PDF job's outcome, as the worker records it: a stored PDF for the submitted answers, and the waiting receipts queued in the same transaction. */
async function pdfReady(userId: string): Promise<void> {
  const pdf = (await findApplicationPdf(ctx.db.knex, userId))!;
  const key = `users/${userId}/application/application-${pdf.generation}.pdf`;
  await ctx.services.storage!.put(key, await makePdf(3), 'application/pdf');
  await ctx.db.knex.transaction(async (trx) => {
    expect(await markPdfCompleted(trx, { userId, generation: pdf.generation }, key, 3, ctx.services.now())).toBe(true);
    await queueReceiptsAfterPdf(ctx.services.boss, trx, userId);
  });
}

describe('the submission reference', () => {
  it('is given at submission, stays the same when submitting again, and is unique', async () => {
    const { user, reference } = await submitted();
    expect(reference).toMatch(REFERENCE_PATTERN);
    const again = await request(ctx.app).post('/api/submit').set('Cookie', user.cookie).expect(200);
    expect(again.body.reference).toBe(reference);
    expect((await ctx.db.knex('applications').where({ reference })).length).toBe(1);
  });

  it('is shown in the staff view (the layout the PDF prints, header included)', async () => {
    const { user, reference } = await submitted();
    const token = signPrintToken(ctx.config.sessionSecret, user.id, ctx.services.now());
    const res = await request(ctx.app)
      .get(`/print?service_token=${encodeURIComponent(token)}`)
      .expect(200);
    expect(res.text).toContain(`Reference: ${reference}`);
  });

  it('a collision with an existing reference is retried with a new one, inside the same transaction', async () => {
    const { reference: taken } = await submitted();
    const other = await createLoggedInUser(ctx);
    const tries = [taken, 'FA-ZZZZZZ'];
    const given = await ctx.db.knex.transaction(async (trx) => {
      await trx('applications').insert({ user_id: other.id, created_at: new Date(), updated_at: new Date() });
      return assignReference(trx, other.id, () => tries.shift()!);
    });
    expect(given).toBe('FA-ZZZZZZ');
    expect((await ctx.db.knex('applications').where({ user_id: other.id }).first()).reference).toBe('FA-ZZZZZZ');
  });
});

describe('the receipt e-mail', () => {
  it('is queued in the submission transaction (one row, one fallback job), sent when the PDF job settles, once, with the PDF', async () => {
    const { user, reference } = await submitted();
    const [receipt] = await receiptsOf(user.id);
    expect(receipt).toMatchObject({ kind: 'submission', reference, sent_at: null });
    expect(await receiptsOf(user.id)).toHaveLength(1);
    // While the PDF renders, only the fallback waits in the queue (nothing polls).
    expect(await jobsFor(String(receipt.id))).toEqual([RECEIPT_FALLBACK_SECONDS]);

    // A job that runs before the PDF is ready sends nothing and queues nothing.
    expect(await sendReceiptJob(ctx.services, { receiptId: String(receipt.id) })).toBe('waiting');
    expect(await jobsFor(String(receipt.id))).toEqual([RECEIPT_FALLBACK_SECONDS]);
    expect(mail.messages.filter((m) => m.subject.includes(reference))).toHaveLength(0);

    // The PDF job's commit queues the receipt to go now.
    await pdfReady(user.id);
    expect(await jobsFor(String(receipt.id))).toEqual([0, RECEIPT_FALLBACK_SECONDS]);
    expect(await sendReceiptJob(ctx.services, { receiptId: String(receipt.id) })).toBe('sent');
    // A retry after a successful send (or the duplicate check job) sends nothing.
    expect(await sendReceiptJob(ctx.services, { receiptId: String(receipt.id) })).toBe('nothing-to-do');
    const sent = mail.messages.filter((m) => m.subject.includes(reference));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual([user.username]);
    expect(sent[0]!.text).toContain(reference);
    expect(sent[0]!.attachments).toHaveLength(1);
    expect(sent[0]!.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await receiptsOf(user.id))[0].sent_at).not.toBeNull();
  });

  it('a mail outage fails the attempt (retried by the queue) without marking it sent; the next attempt sends it once', async () => {
    const { user, reference } = await submitted();
    await pdfReady(user.id);
    const receiptId = String((await receiptsOf(user.id))[0].id);
    mailDown = true;
    await expect(sendReceiptJob(ctx.services, { receiptId })).rejects.toThrow('ECONNREFUSED');
    mailDown = false;
    const [afterFailure] = await receiptsOf(user.id);
    expect(afterFailure).toMatchObject({ sent_at: null, sending_until: null, attempts: 1 });
    expect(afterFailure.last_error).toContain('ECONNREFUSED');
    expect(await sendReceiptJob(ctx.services, { receiptId })).toBe('sent');
    expect(await sendReceiptJob(ctx.services, { receiptId })).toBe('nothing-to-do');
    expect(mail.messages.filter((m) => m.subject.includes(reference))).toHaveLength(1);
  });

  it('goes without the PDF, linking to sign in, when the PDF could not be made', async () => {
    const { user, reference } = await submitted();
    await ctx.db.knex('application_pdfs').where({ user_id: user.id }).update({ status: 'FAILED', message: 'Chromium gave up' });
    expect(await sendReceiptJob(ctx.services, { receiptId: String((await receiptsOf(user.id))[0].id) })).toBe('sent');
    const [sent] = mail.messages.filter((m) => m.subject.includes(reference));
    expect(sent!.attachments).toHaveLength(0);
    expect(sent!.text).toContain(`${ctx.config.publicUrl}/login`);
  });

  it('a resend once the PDF is stored is queued to go at once', async () => {
    const { user } = await submitted();
    await pdfReady(user.id);
    await request(ctx.app).post('/completion/resend-receipt').set('Cookie', user.cookie).set('Accept', 'text/html').expect(303);
    const resend = (await receiptsOf(user.id)).find((r) => r.kind === 'resend');
    expect(await jobsFor(String(resend.id))).toEqual([0, RECEIPT_FALLBACK_SECONDS]);
  });

  it('goes without the PDF when the fallback job runs and the PDF has still not settled', async () => {
    const { user, reference } = await submitted();
    const receiptId = String((await receiptsOf(user.id))[0].id);
    const realNow = ctx.services.now;
    ctx.services.now = () => new Date(realNow().getTime() + (RECEIPT_FALLBACK_SECONDS + 1) * 1000);
    try {
      expect(await sendReceiptJob(ctx.services, { receiptId })).toBe('sent');
    } finally {
      ctx.services.now = realNow;
    }
    const [sent] = mail.messages.filter((m) => m.subject.includes(reference));
    expect(sent!.attachments).toHaveLength(0);
  });

  it(`can be sent again from /completion ${MAX_RESENDS} times, then says no more (form post or JSON)`, async () => {
    const { user, reference } = await submitted();
    const page = await request(ctx.app).get('/completion').set('Cookie', user.cookie).expect(200);
    expect(page.text).toContain(reference);
    expect(page.text).toContain('action="/completion/resend-receipt"');
    for (let i = 0; i < MAX_RESENDS; i++) {
      const res = await request(ctx.app)
        .post('/completion/resend-receipt')
        .set('Cookie', user.cookie)
        .set('Accept', 'text/html')
        .expect(303);
      expect(res.headers.location).toBe('/completion?receipt=sent');
    }
    const limit = await request(ctx.app)
      .post('/completion/resend-receipt')
      .set('Cookie', user.cookie)
      .set('Accept', 'text/html')
      .expect(303);
    expect(limit.headers.location).toBe('/completion?receipt=limit');
    const json = await request(ctx.app)
      .post('/completion/resend-receipt')
      .set('Cookie', user.cookie)
      .set('Accept', 'application/json')
      .expect(429);
    expect(json.body.message).toContain('already been sent again 3 times');
    const resends = (await receiptsOf(user.id)).filter((r) => r.kind === 'resend');
    expect(resends).toHaveLength(MAX_RESENDS);
    // The PDF is still rendering: each resend waits for it as the first receipt does.
    for (const r of resends) expect(await jobsFor(String(r.id))).toEqual([RECEIPT_FALLBACK_SECONDS]);
    const after = await request(ctx.app).get('/completion?receipt=limit').set('Cookie', user.cookie).expect(200);
    expect(after.text).toContain('already been sent again 3 times');
    expect(after.text).not.toContain('Send my receipt again');
  });

  it('cannot be resent before submitting, nor without a session', async () => {
    const user = await createLoggedInUser(ctx);
    await request(ctx.app).post('/completion/resend-receipt').set('Cookie', user.cookie).set('Accept', 'application/json').expect(409);
    await request(ctx.app).post('/completion/resend-receipt').set('Accept', 'application/json').expect(401);
  });
});

describe('/review', () => {
  it('lists every answer of a filled application with a Change link to /{page}#{key}', async () => {
    const user = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(COMPLETE_ANSWERS).expect(200);
    const res = await request(ctx.app).get('/review').set('Cookie', user.cookie).expect(200);
    expect(res.text).toContain('<h1>Review your application</h1>');
    for (const { question, page } of fieldsOf('all')) {
      // The CEEB code is read on the school's line, "Alta High School (Ceeb: 450010)" (checked through hs_name).
      if (!(question.key in COMPLETE_ANSWERS) || question.key === 'hs_ceeb') continue;
      const path = page === 'final-steps' ? '/final-steps' : `/${page}`;
      expect(res.text).toContain(`data-key="${question.key}"`);
      expect(res.text).toContain(`href="${path}#${question.key}"`);
      const shown = displayValue(question, COMPLETE_ANSWERS).replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
      expect({ key: question.key, shown: res.text.includes(shown) }).toEqual({ key: question.key, shown: true });
    }
    expect(res.text).toContain('Every required answer is in place');
    // Viewing the review counts as moving page, so a Change link is not redirected to the last page (§2).
    expect(String(res.headers['set-cookie'])).toContain('freshman.pageChanged=');
  });

  it('shows each document with its status', async () => {
    const user = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(COMPLETE_ANSWERS).expect(200);
    const now = new Date();
    await ctx.db.knex('document_answers').insert({
      user_id: user.id,
      answer_key: 'additional_document',
      file_key: `users/${user.id}/x`,
      file_name: 'activities.pdf',
      file_size: 2048,
      status: 'IN_PROGRESS',
      created_at: now,
      updated_at: now,
    });
    const converting = await request(ctx.app).get('/review').set('Cookie', user.cookie).expect(200);
    expect(converting.text).toContain('activities.pdf (2KB): being converted to PDF.');
    await ctx.db.knex('document_answers').where({ user_id: user.id }).update({ status: 'COMPLETED' });
    const done = await request(ctx.app).get('/review').set('Cookie', user.cookie).expect(200);
    expect(done.text).toContain('Document attached for additional_document');
    expect(done.text).toContain('activities.pdf (2KB): uploaded and converted to PDF.');
  });

  it('marks the problems validation finds where they are, and lists them on top', async () => {
    const user = await createLoggedInUser(ctx);
    const { first_name: _dropped, ...rest } = COMPLETE_ANSWERS;
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(rest).expect(200);
    const res = await request(ctx.app).get('/review').set('Cookie', user.cookie).expect(200);
    expect(res.text).toMatch(/readonly-field readonly-field--invalid" data-key="first_name"/);
    expect(res.text).toContain('id="review-first_name-problems"');
    expect(res.text).toMatch(/1 answer needs your attention/);
  });

  it('shows a submitted application read-only (no Change links) with its reference; visitors go to /login', async () => {
    const { user, reference } = await submitted();
    const res = await request(ctx.app).get('/review').set('Cookie', user.cookie).expect(200);
    expect(res.text).toContain(reference);
    expect(res.text).not.toContain('review-field__change');
    await request(ctx.app).get('/review').expect(302).expect('Location', '/login');
  });
});
