import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import { assignByHand, assignEvenly, myQueue, nextInQueue, previousInQueue } from '../../domain/reading/assignments.server.js';
import { committeeView, reviewsVisibleTo, submitReview } from '../../domain/reading/reviews.server.js';
import { decideWithLetter } from '../../domain/reading/letters.server.js';
import { ADMIN, applicant, cookies, ctx, GOOD, LEAD, n, post, R1, R2, stage, startReadingDesk } from './reading-setup.js';

beforeAll(startReadingDesk, 60_000);
afterAll(() => ctx?.close());

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

describe('a review is final under concurrent submits', () => {
  it('two submits of the same reader at once: one stored, the other refused with 409, never a 500', async () => {
    const id = await applicant('Rosa');
    await assignByHand(ctx.services, LEAD, [id], R1.email, 'first');
    const results = await Promise.allSettled([
      submitReview(ctx.services, R1, id, GOOD),
      submitReview(ctx.services, R1, id, { ...GOOD, recommendation: 'deny' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409 });
    expect(await ctx.db.knex('reading_reviews').where({ user_id: id })).toHaveLength(1);
  });
});
