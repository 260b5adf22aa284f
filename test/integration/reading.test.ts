import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { captureMailer } from '../helpers/smtp.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { DECISION_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import { stagesFor } from '../../db/repos/reading-stages.server.js';
import { assignByHand, assignEvenly, myQueue, nextInQueue, previousInQueue } from '../../domain/reading/assignments.server.js';
import { committeeView, reviewsVisibleTo, submitReview } from '../../domain/reading/reviews.server.js';
import { currentLetterTemplate, decideWithLetter, previewLetter, saveLetterTemplate } from '../../domain/reading/letters.server.js';
import { CONFIRMATION_MISMATCH, confirmRelease, previewRelease } from '../../domain/reading/releases.server.js';
import { cancelBatch, removeFromBatch, runReleaseBatch, scheduleRelease } from '../../domain/reading/release-batches.server.js';
import { registerReleaseBatch } from '../../workers/jobs/release-batch.server.js';
import { findBatch } from '../../db/repos/release-batches.server.js';
import { markTranscriptReceived, submittedApplication } from '../../domain/after-submission/checklist.server.js';
import type { StaffActor } from '../../domain/reading/staff-actor.js';

const LEAD: StaffActor = { email: 'lead@admissions.example.edu' };
const ADMIN: StaffActor = { email: 'admin@admissions.example.edu' };
const R1: StaffActor = { email: 'reader1@admissions.example.edu' };
const R2: StaffActor = { email: 'reader2@admissions.example.edu' };
const GOOD = { academic_preparation: '4', personal_qualities: '5', recommendation: 'admit', comment: 'Curious and kind.' };

let ctx: TestContext;
const mail = captureMailer();
const cookies: Record<string, string> = {};
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({
    queue: 'send-only',
    env: { STAFF_EMAILS: [LEAD, ADMIN, R1, R2].map((s) => s.email).join(','), STAFF_ROLES: `lead=${LEAD.email};admin=${ADMIN.email}` },
  });
  ctx.services.mail = mail;
  for (const s of [LEAD, ADMIN, R1, R2]) cookies[s.email] = await staffCookie(ctx, s.email);
}, 60_000);
afterAll(() => ctx?.close());

const post = (who: StaffActor, path: string, form: Record<string, string> = {}) =>
  request(ctx.app).post(path).set('Cookie', cookies[who.email]!).type('form').send(form);

/** A submitted application whose transcript the office marked received (so it is ready for review). */
async function applicant(first: string, received = true): Promise<string> {
  n += 1;
  const user = await createLoggedInUser(ctx, `${first.toLowerCase()}.${n}@example.edu`);
  ctx.clock.advance(1000);
  await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, first_name: first });
  if (received)
    await markTranscriptReceived(ctx.services, (await submittedApplication(ctx.db.knex, { userId: user.id }))!, 'office-paper', {
      name: LEAD.email,
    });
  return user.id;
}

async function decided(first: string, decision: 'admit' | 'deny' | 'waitlist'): Promise<string> {
  const id = await applicant(first);
  await decideWithLetter(ctx.services, LEAD, id, decision);
  return id;
}

/** Works the due decision e-mails as the worker would; returns to whom they went. */
async function decisionMails(): Promise<string[]> {
  mail.messages.length = 0;
  const rows = (
    await ctx.db.knex.raw(`select id, data from pgboss.job where name = ? and state = 'created' order by id`, [AFTER_SUBMISSION_MAIL_QUEUE])
  ).rows as Array<{ id: string; data: AfterSubmissionMailJob }>;
  for (const row of rows) {
    await sendAfterSubmissionMail(ctx.services, row.data);
    await ctx.db.knex.raw(`update pgboss.job set state = 'completed' where id = ?`, [row.id]);
  }
  return mail.messages
    .filter((m) => m.subject === DECISION_SUBJECT)
    .map((m) => m.to[0]!)
    .sort();
}

const usernameOf = async (id: string) => ((await ctx.db.knex('users').where({ id }).first('username')) as { username: string }).username;
const stage = async (id: string) => (await stagesFor(ctx.db.knex, [id])).get(id);

describe('roles', () => {
  it('a reader cannot decide, release, batch-release or open the audit trail: 403, each refusal in the trail', async () => {
    const id = await applicant('Rita');
    expect((await post(R1, `/staff/applications/${id}/decision`, { decision: 'admit' })).status).toBe(403);
    expect((await post(R1, `/staff/applications/${id}/release`)).status).toBe(403);
    const batch = await post(R1, '/staff/decisions/release');
    expect(batch.status).toBe(403);
    expect(batch.text).toContain('Only a lead of the admissions office can do this.');
    expect((await request(ctx.app).get('/staff/audit').set('Cookie', cookies[R1.email]!)).status).toBe(403);
    expect((await request(ctx.app).get('/staff/audit').set('Cookie', cookies[ADMIN.email]!)).status).toBe(200);
    expect(await ctx.db.knex('decisions').where({ user_id: id }).first()).toBeUndefined();
    const refusals = await ctx.db.knex('staff_audit').where({ action: 'forbidden', staff_email: R1.email }).orderBy('id');
    expect(refusals.map((r) => [r.detail.action, r.detail.role])).toEqual([
      ['POST /staff/applications/:id/decision', 'lead'],
      ['POST /staff/applications/:id/release', 'lead'],
      ['POST /staff/decisions/release', 'lead'],
      ['GET /staff/audit', 'admin'],
    ]);
    await expect(decideWithLetter(ctx.services, R1, id, 'admit')).rejects.toMatchObject({ status: 403 });
    await expect(assignByHand(ctx.services, R1, [id], R2.email, 'first')).rejects.toMatchObject({ status: 403 });
  });
});

describe('stages, assignments and reviews', () => {
  it('moves to ready for review when the transcript is received, and the feed carries the stage', async () => {
    const id = await applicant('Sam', false);
    expect(await stage(id)).toBe('incomplete');
    await post(LEAD, `/staff/applications/${id}/transcript`, { via: 'office-etranscript' });
    expect(await stage(id)).toBe('ready_for_review');
    const created = await runClientCommand(ctx.db.knex, { action: 'create', name: `crm-${n}` }, ctx.services.now());
    if (!created.ok) throw new Error(created.message);
    ctx.clock.advance(10_000);
    const feed = await request(ctx.app)
      .get('/integration/v1/applications?limit=100')
      .set('Authorization', `Bearer ${created.lines[1]!}`)
      .expect(200);
    const item = (feed.body.applications as Array<{ id: string; stage: string }>).find((a) => a.id === id);
    expect(item?.stage).toBe('ready_for_review');
  });

  it('spreads applications evenly among readers; queues, next and previous; blind reviews; the committee view', async () => {
    const ids = [await applicant('Ana'), await applicant('Ben'), await applicant('Cy'), await applicant('Di'), await applicant('Ed')];
    const spread = await assignEvenly(ctx.services, LEAD, ids, [R1.email, R2.email], 'first', () => 0.5);
    const sizes = [...spread.values()].map((v) => v.length).sort();
    expect(sizes).toEqual([2, 3]);
    expect([...spread.values()].flat().sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await stage(id)).toBe('first_read');

    const q1 = await myQueue(ctx.services, R1);
    expect(q1.map((e) => e.applicationId).sort()).toEqual([...spread.get(R1.email)!].sort());
    expect(await nextInQueue(ctx.services, R1, q1[0]!.applicationId)).toBe(q1[1]!.applicationId);
    expect(await previousInQueue(ctx.services, R1, q1[1]!.applicationId)).toBe(q1[0]!.applicationId);

    // One application gets a second read by the other reader.
    const a = q1[0]!.applicationId;
    await assignByHand(ctx.services, LEAD, [a], R2.email, 'second');
    await expect(submitReview(ctx.services, R1, a, { ...GOOD, academic_preparation: '7' })).rejects.toMatchObject({
      status: 400,
      message: 'Academic preparation: choose a number from 1 to 5.',
    });
    await expect(submitReview(ctx.services, R1, a, { personal_qualities: '3', recommendation: 'admit' })).rejects.toMatchObject({
      status: 400,
    });
    const b = spread.get(R2.email)![0]!;
    await expect(submitReview(ctx.services, R1, b, GOOD)).rejects.toMatchObject({ status: 403 });

    await submitReview(ctx.services, R1, a, GOOD);
    expect(await stage(a)).toBe('second_read');
    await expect(submitReview(ctx.services, R1, a, { ...GOOD, recommendation: 'deny' })).rejects.toMatchObject({ status: 409 });
    expect((await myQueue(ctx.services, R1)).map((e) => e.applicationId)).not.toContain(a);
    // Blind: the second reader sees nobody's review before submitting their own; a lead sees all.
    expect(await reviewsVisibleTo(ctx.services, R2, a)).toEqual([]);
    expect((await reviewsVisibleTo(ctx.services, LEAD, a)).map((r) => r.reader)).toEqual([R1.email]);
    await submitReview(ctx.services, R2, a, { academic_preparation: 3, personal_qualities: 4, recommendation: 'waitlist', comment: '' });
    expect(await stage(a)).toBe('committee');
    expect((await reviewsVisibleTo(ctx.services, R2, a)).map((r) => r.reader).sort()).toEqual([R1.email, R2.email]);

    // A first read without a second round goes to committee.
    await submitReview(ctx.services, R2, b, GOOD);
    expect(await stage(b)).toBe('committee');

    await expect(committeeView(ctx.services, R1, [a])).rejects.toMatchObject({ status: 403 });
    const [row] = await committeeView(ctx.services, LEAD, [a]);
    expect(row!.reviews.map((r) => [r.round, r.reader])).toEqual([
      ['first', R1.email],
      ['second', R2.email],
    ]);
    expect(row!.averages).toEqual({ academic_preparation: 3.5, personal_qualities: 4.5 });
    const trail = (await ctx.db.knex('staff_audit').where({ user_id: a }).orderBy('id')).map((r) => r.action);
    expect(trail).toEqual(expect.arrayContaining(['assigned', 'review-submitted', 'reviews-read']));
  });
});

describe('letters', () => {
  it('refuses unknown merge fields, versions templates, previews for one applicant, records version and edits', async () => {
    const id = await applicant('Zoë');
    const current = await currentLetterTemplate(ctx.services, 'admit');
    await expect(saveLetterTemplate(ctx.services, LEAD, 'admit', 'Dear {frist_name},', current.version)).rejects.toMatchObject({
      status: 400,
      message:
        'The template uses {frist_name}, which is not a merge field. The merge fields are {first_name}, {reference}, {entry_term}, {major}, {reply_date}.',
    });
    const body = 'Dear {first_name}, welcome ({reference}) for {entry_term} in {major}. Reply by {reply_date}.';
    const preview = await previewLetter(ctx.services, LEAD, 'admit', body, id);
    const reference = ((await ctx.db.knex('applications').where({ user_id: id }).first('reference')) as { reference: string }).reference;
    expect(preview).toMatch(
      new RegExp(`^Dear Zoë, welcome \\(${reference}\\) for (Fall|Spring|Summer) \\d{4} in .+\\. Reply by May 1, \\d{4}\\.$`),
    );
    expect(preview).not.toContain('{');
    const saved = await saveLetterTemplate(ctx.services, LEAD, 'admit', body, current.version);
    expect(saved.version).toBe(current.version + 1);
    await expect(saveLetterTemplate(ctx.services, LEAD, 'admit', body, current.version)).rejects.toMatchObject({ status: 409 });

    await decideWithLetter(ctx.services, LEAD, id, 'admit');
    expect(await ctx.db.knex('decisions').where({ user_id: id }).first('letter', 'template_version', 'letter_edited')).toEqual({
      letter: preview,
      template_version: saved.version,
      letter_edited: false,
    });
    await decideWithLetter(ctx.services, LEAD, id, 'admit', 'Dear Zoë, a letter of our own.');
    expect(await ctx.db.knex('decisions').where({ user_id: id }).first('template_version', 'letter_edited')).toEqual({
      template_version: saved.version,
      letter_edited: true,
    });
    expect(await stage(id)).toBe('decided');
    const audit = await ctx.db
      .knex('staff_audit')
      .whereIn('action', ['letter-template-saved', 'letter-preview'])
      .orderBy('id')
      .pluck('action');
    expect(audit).toEqual(['letter-preview', 'letter-template-saved']);
  });
});

describe('releases', () => {
  it('previews with counts and plurals; only the previewed set, confirmed by its digest, is released, each once', async () => {
    const one = await decided('Uma', 'admit');
    const single = await previewRelease(ctx.services, [one]);
    expect(single.sentence).toBe('Release 1 decision: 1 admit');
    const ids = [one, await decided('Vic', 'deny'), await decided('Wes', 'waitlist'), await decided('Xia', 'admit')];
    const preview = await previewRelease(ctx.services, ids);
    expect(preview.sentence).toBe('Release 4 decisions: 2 admit, 1 deny, 1 waitlist');
    expect(preview.digest).toMatch(/^4-[0-9a-f]{32}$/);
    expect((await previewRelease(ctx.services, [])).sentence).toBe('There are no recorded decisions to release.');

    await expect(confirmRelease(ctx.services, LEAD, ids, single.digest)).rejects.toMatchObject({
      status: 409,
      message: CONFIRMATION_MISMATCH,
    });
    await expect(confirmRelease(ctx.services, LEAD, ids, undefined)).rejects.toMatchObject({ status: 409 });
    // A decision changed after the preview: the same set, but no longer what was shown.
    await decideWithLetter(ctx.services, LEAD, ids[3]!, 'deny');
    await expect(confirmRelease(ctx.services, LEAD, ids, preview.digest)).rejects.toMatchObject({ status: 409 });
    expect(await ctx.db.knex('decisions').whereIn('user_id', ids).whereNotNull('released_at').count({ n: '*' })).toEqual([
      { n: expect.anything() },
    ]);
    expect(Number((await ctx.db.knex('decisions').whereIn('user_id', ids).whereNotNull('released_at').count({ n: '*' }))[0]!.n)).toBe(0);
    await expect(confirmRelease(ctx.services, R1, ids, preview.digest)).rejects.toMatchObject({ status: 403 });

    const again = await previewRelease(ctx.services, ids);
    // Two leads confirm the same set at once: every decision is released once, one e-mail each.
    const results = await Promise.allSettled([
      confirmRelease(ctx.services, LEAD, ids, again.digest),
      confirmRelease(ctx.services, ADMIN, ids, again.digest),
    ]);
    const released = results.map((r) => (r.status === 'fulfilled' ? r.value.released : 0));
    expect(released.reduce((a, b) => a + b, 0)).toBe(4);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409 });
    const lines = await ctx.db.knex('staff_audit').whereIn('user_id', ids).where({ action: 'decision-released' }).select('user_id');
    expect(lines.map((l) => l.user_id).sort()).toEqual([...ids].sort());
    expect(await decisionMails()).toEqual((await Promise.all(ids.map(usernameOf))).sort());
    for (const id of ids) expect(await stage(id)).toBe('released');
  });

  it("the list's batch release shows what it will do first, and releases only when the confirmation matches", async () => {
    const ids = [await decided('Quinn', 'admit'), await decided('Quade', 'admit')];
    const query = '?q=quin';
    const shown = await post(LEAD, `/staff/decisions/release${query}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('Release 1 decision: 1 admit.');
    const digest = /name="confirm" value="([^"]+)"/.exec(shown.text)![1]!;
    expect((await post(LEAD, `/staff/decisions/release${query}`, { confirm: 'forged' })).status).toBe(409);
    expect(await ctx.db.knex('decisions').whereIn('user_id', ids).whereNotNull('released_at').pluck('user_id')).toEqual([]);
    const done = await post(LEAD, `/staff/decisions/release${query}`, { confirm: digest });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/staff?q=quin&released=1');
    expect(await ctx.db.knex('decisions').whereIn('user_id', ids).whereNotNull('released_at').pluck('user_id')).toEqual([ids[0]]);
    await decisionMails();
  });

  it('a scheduled batch with one item removed releases the rest once when due; a cancelled batch releases nothing', async () => {
    const ids = [await decided('Abe', 'admit'), await decided('Bea', 'deny'), await decided('Cal', 'admit')];
    const preview = await previewRelease(ctx.services, ids);
    await expect(
      scheduleRelease(ctx.services, LEAD, ids, preview.digest, new Date(ctx.services.now().getTime() - 1000)),
    ).rejects.toMatchObject({ status: 400 });
    const when = new Date(ctx.services.now().getTime() + 3600_000);
    const batch = await scheduleRelease(ctx.services, LEAD, ids, preview.digest, when);
    const job = (
      await ctx.db.knex.raw(`select start_after from pgboss.job where name = 'release-batch' and data->>'batchId' = ?`, [batch.id])
    ).rows as Array<{ start_after: Date }>;
    expect(job.map((j) => new Date(j.start_after).toISOString())).toEqual([when.toISOString()]);
    await removeFromBatch(ctx.services, LEAD, batch.id, ids[1]!);
    await expect(removeFromBatch(ctx.services, R1, batch.id, ids[0]!)).rejects.toMatchObject({ status: 403 });

    expect(await runReleaseBatch(ctx.services, batch.id)).toEqual({ outcome: 'not-due', due: when });
    ctx.clock.advance(3600_000);
    expect(await runReleaseBatch(ctx.services, batch.id)).toEqual({ outcome: 'done', released: 2 });
    expect(await runReleaseBatch(ctx.services, batch.id)).toEqual({ outcome: 'already-done' });
    await expect(cancelBatch(ctx.services, LEAD, batch.id)).rejects.toMatchObject({ status: 409 });
    expect(await decisionMails()).toEqual((await Promise.all([ids[0]!, ids[2]!].map(usernameOf))).sort());
    expect(await ctx.db.knex('decisions').where({ user_id: ids[1] }).first('released_at')).toEqual({ released_at: null });
    expect(await findBatch(ctx.db.knex, batch.id)).toMatchObject({ status: 'done', released_count: 2 });

    const other = await decided('Dot', 'waitlist');
    const cancelled = await scheduleRelease(
      ctx.services,
      LEAD,
      [other],
      (await previewRelease(ctx.services, [other])).digest,
      new Date(ctx.services.now().getTime() + 60_000),
    );
    await cancelBatch(ctx.services, LEAD, cancelled.id);
    ctx.clock.advance(120_000);
    expect(await runReleaseBatch(ctx.services, cancelled.id)).toEqual({ outcome: 'cancelled' });
    expect(await decisionMails()).toEqual([]);
    const actions = await ctx.db
      .knex('staff_audit')
      .whereIn('action', ['release-scheduled', 'release-item-removed', 'release-cancelled'])
      .orderBy('id')
      .pluck('action');
    expect(actions).toEqual(['release-scheduled', 'release-item-removed', 'release-scheduled', 'release-cancelled']);
  });

  it('runs a scheduled batch through the real pg-boss queue once its time comes', async () => {
    await registerReleaseBatch(ctx.queue!, ctx.services);
    const ids = [await decided('Eve', 'admit'), await decided('Fay', 'deny')];
    const preview = await previewRelease(ctx.services, ids);
    ctx.clock.set(new Date());
    const batch = await scheduleRelease(ctx.services, LEAD, ids, preview.digest, new Date(Date.now() + 1000));
    ctx.clock.advance(60_000);
    for (let i = 0; i < 120 && (await findBatch(ctx.db.knex, batch.id))?.status !== 'done'; i += 1)
      await new Promise((r) => setTimeout(r, 250));
    expect(await findBatch(ctx.db.knex, batch.id)).toMatchObject({ status: 'done', released_count: 2 });
    expect(await decisionMails()).toEqual((await Promise.all(ids.map(usernameOf))).sort());
  });
});
