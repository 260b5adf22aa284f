import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { makePdf } from '../fixtures/documents.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { assignByHand } from '../../domain/reading/assignments.server.js';
import { decideWithLetter } from '../../domain/reading/letters.server.js';
import { previewRelease } from '../../domain/reading/releases.server.js';
import { scheduleRelease } from '../../domain/reading/release-batches.server.js';
import { COUNSELOR_TRANSCRIPT_KEY, markTranscriptReceived, submittedApplication } from '../../domain/after-submission/checklist.server.js';
import { findBatch } from '../../db/repos/release-batches.server.js';

/** The reading pages' edges (issue 37) that the e2e does not walk: refusals, errors at their fields, confirmation steps, the framed document. */

const LEAD = { email: 'lead@admissions.example.edu' };
const R1 = { email: 'reader1@admissions.example.edu' };
const R2 = { email: 'reader2@admissions.example.edu' };

let ctx: TestContext;
const cookies: Record<string, string> = {};
let n = 0;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp({
    queue: 'send-only',
    env: { STAFF_EMAILS: [LEAD, R1, R2].map((s) => s.email).join(','), STAFF_ROLES: `lead=${LEAD.email}` },
  });
  for (const s of [LEAD, R1, R2]) cookies[s.email] = await staffCookie(ctx, s.email);
}, 60_000);
afterAll(() => ctx?.close());

const get = (who: { email: string }, path: string) => request(ctx.app).get(path).set('Cookie', cookies[who.email]!);
const post = (who: { email: string }, path: string, form: Record<string, string | string[]> = {}) =>
  request(ctx.app).post(path).set('Cookie', cookies[who.email]!).type('form').send(form);

/** A page's HTML without React's text separators, to read it as a person would. */
const text = (res: { text: string }) => res.text.replaceAll('<!-- -->', '');

async function applicant(first: string): Promise<string> {
  n += 1;
  const user = await createLoggedInUser(ctx, `${first.toLowerCase()}.${n}@example.edu`);
  ctx.clock.advance(1000);
  await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, first_name: first });
  await markTranscriptReceived(ctx.services, (await submittedApplication(ctx.db.knex, { userId: user.id }))!, 'office-paper', {
    name: LEAD.email,
  });
  return user.id;
}

describe('the reader view', () => {
  it('is for its readers and leads only (403 audited); a refused review keeps what was typed, each error at its field', async () => {
    const id = await applicant('Rae');
    await assignByHand(ctx.services, LEAD, [id], R1.email, 'first');
    const refused = await get(R2, `/staff/queue/${id}`);
    expect(refused.status).toBe(403);
    expect(await ctx.db.knex('staff_audit').where({ staff_email: R2.email, action: 'forbidden', user_id: id }).first()).toBeTruthy();
    expect((await post(R2, `/staff/queue/${id}/review`, { recommendation: 'admit' })).status).toBe(403);
    expect((await get(LEAD, `/staff/queue/${id}`)).status).toBe(200);
    expect((await get(R1, '/staff/queue/not-an-id')).status).toBe(404);

    const page = await get(R1, `/staff/queue/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/accesskey="r"/i);
    expect(await ctx.db.knex('staff_audit').where({ staff_email: R1.email, action: 'view', user_id: id }).first()).toBeTruthy();

    const bad = await post(R1, `/staff/queue/${id}/review`, {
      academic_preparation: '9',
      personal_qualities: '3',
      comment: 'Kept as typed.',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('id="academic_preparation-error"');
    expect(bad.text).toContain('Recommendation: this is required.');
    expect(bad.text).toMatch(/value="3" checked=""|checked="" value="3"/);
    expect(bad.text).toContain('Kept as typed.</textarea>');
    expect(await ctx.db.knex('reading_reviews').where({ user_id: id }).first()).toBeUndefined();

    const ok = await post(R1, `/staff/queue/${id}/review`, {
      academic_preparation: '3',
      personal_qualities: '4',
      recommendation: 'waitlist',
    });
    expect([ok.status, ok.headers.location]).toEqual([303, `/staff/queue/${id}?done=review`]);
    expect(
      (await post(R1, `/staff/queue/${id}/review`, { academic_preparation: '3', personal_qualities: '4', recommendation: 'admit' })).status,
    ).toBe(409);
  });

  it('frames a converted document from its own route, the only response another page of this site may frame', async () => {
    const id = await applicant('Doc');
    await assignByHand(ctx.services, LEAD, [id], R1.email, 'first');
    await ctx.services.storage.put(`test/${id}.pdf`, await makePdf(1), 'application/pdf');
    const now = ctx.services.now();
    await ctx.db.knex('document_answers').insert({
      user_id: id,
      answer_key: COUNSELOR_TRANSCRIPT_KEY,
      file_key: `test/${id}.orig`,
      file_name: 'transcript.pdf',
      file_size: 1000,
      status: 'COMPLETED',
      output_key: `test/${id}.pdf`,
      attempts: 1,
      created_at: now,
      updated_at: now,
    });
    const page = await get(R1, `/staff/queue/${id}`);
    expect(page.text).toContain(
      `<iframe id="document" class="document-frame" src="/staff/queue/${id}/documents/${COUNSELOR_TRANSCRIPT_KEY}"`,
    );
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const doc = await get(R1, `/staff/queue/${id}/documents/${COUNSELOR_TRANSCRIPT_KEY}`);
    expect(doc.status).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(
      await ctx.db.knex('staff_audit').where({ staff_email: R1.email, action: 'download-document', user_id: id }).first(),
    ).toBeTruthy();
    expect((await get(R2, `/staff/queue/${id}/documents/${COUNSELOR_TRANSCRIPT_KEY}`)).status).toBe(403);
    expect((await get(R1, `/staff/queue/${id}/documents/essay`)).status).toBe(404);
  });
});

describe('the lead pages', () => {
  it('are 403 to a reader; assignment counts are pluralised; bad input is a 4xx with a message', async () => {
    for (const path of ['/staff/reading', '/staff/committee', '/staff/letters', '/staff/releases'])
      expect([path, (await get(R1, path)).status]).toEqual([path, 403]);
    const id = await applicant('Lou');
    const one = await post(LEAD, '/staff/reading/assign', {
      application: id,
      reader: R2.email,
      round: 'first',
      action: 'hand',
      stage: 'ready_for_review',
    });
    expect(one.headers.location).toBe('/staff/reading?stage=ready_for_review&done=assigned&assigned=1-1');
    expect((await get(LEAD, one.headers.location!)).text).toContain('1 application assigned to 1 reader.');
    expect(text(await get(LEAD, '/staff/reading?stage=first_read'))).toContain(`read by ${R2.email} (first read)`);
    const none = await post(LEAD, '/staff/reading/assign', { reader: R2.email, round: 'first', action: 'hand' });
    expect([none.status, none.text.includes('Choose at least one application.')]).toEqual([400, true]);
    expect(
      (await post(LEAD, '/staff/reading/assign', { application: 'not-an-id', reader: R2.email, round: 'first', action: 'hand' })).status,
    ).toBe(400);
    const two = await post(LEAD, '/staff/reading/assign', {
      application: id,
      reader: [R1.email, R2.email],
      round: 'first',
      action: 'hand',
    });
    expect(two.status).toBe(400);
    const sent = await post(LEAD, '/staff/reading/assign', { application: id, action: 'committee', stage: 'first_read' });
    expect(sent.headers.location).toBe('/staff/reading?stage=first_read&done=committee&assigned=1-0');
    expect((await get(LEAD, sent.headers.location!)).text).toContain('1 application sent to the committee.');
    expect(text(await get(LEAD, '/staff/committee'))).toContain(': Lou Lopez');
  });

  it('letter templates: an unknown merge field is refused at the field with the text kept; a preview needs a real reference', async () => {
    const bad = await post(LEAD, '/staff/letters/admit', { body: 'Dear {frist_name},', based_on: '1', action: 'save', reference: '' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('id="admit-body-error"');
    expect(bad.text).toContain('{frist_name}');
    expect(bad.text).toContain('Dear {frist_name},</textarea>');
    const unknown = await post(LEAD, '/staff/letters/admit', {
      body: 'Dear {first_name},',
      based_on: '1',
      action: 'preview',
      reference: 'FA-NOPE99',
    });
    expect([unknown.status, unknown.text.includes('No submitted application has the reference FA-NOPE99.')]).toEqual([400, true]);
    expect((await post(LEAD, '/staff/letters/expel', { body: 'x', based_on: '1', action: 'save' })).status).toBe(404);
    const saved = await post(LEAD, '/staff/letters/waitlist', {
      body: 'Dear {first_name}, you are on the waitlist.',
      based_on: '1',
      action: 'save',
    });
    expect(saved.headers.location).toBe('/staff/letters?done=template');
    expect(text(await get(LEAD, '/staff/letters'))).toContain('Waitlist letter, version 2');
  });

  it('releases: a remove or cancel asks first; a stale or missing confirmation releases nothing; a bad time is a 400', async () => {
    const [a, b] = [await applicant('Mo'), await applicant('Ny')];
    for (const id of [a, b]) await decideWithLetter(ctx.services, LEAD, id, 'admit');
    const preview = await post(LEAD, '/staff/releases/preview', { application: [a, b] });
    expect(preview.text).toContain('Release 2 decisions: 2 admit');
    const p = await previewRelease(ctx.services, [a, b]);
    const badTime = await post(LEAD, '/staff/releases/schedule', {
      application: [a, b],
      confirmation: p.digest,
      date: '2026-02-30',
      time: '25:00',
    });
    expect(badTime.status).toBe(400);
    expect(await ctx.db.knex('release_batches').pluck('id')).toEqual([]);
    const stale = await post(LEAD, '/staff/releases/release', { application: [a, b], confirmation: 'not-the-digest' });
    expect(stale.status).toBe(409);
    expect(await ctx.db.knex('decisions').whereIn('user_id', [a, b]).whereNotNull('released_at').pluck('user_id')).toEqual([]);

    const batch = await scheduleRelease(ctx.services, LEAD, [a, b], p.digest, new Date(ctx.services.now().getTime() + 3_600_000));
    const ask = await post(LEAD, `/staff/releases/batches/${batch.id}/cancel`);
    expect([ask.status, ask.text.includes(`Cancel release ${batch.id}`)]).toEqual([200, true]);
    expect((await findBatch(ctx.db.knex, batch.id))!.status).toBe('scheduled');
    const askRemove = await post(LEAD, `/staff/releases/batches/${batch.id}/remove`, { application: a });
    expect(askRemove.text).toContain('Yes, remove it from the release');
    expect(
      await ctx.db.knex('release_batch_items').where({ batch_id: batch.id, user_id: a }).whereNotNull('removed_at').first(),
    ).toBeUndefined();
    expect((await post(LEAD, `/staff/releases/batches/${batch.id}/remove`, { application: 'not-an-id', confirm: 'yes' })).status).toBe(404);
    expect((await post(LEAD, `/staff/releases/batches/${batch.id}/cancel`, { confirm: 'yes' })).headers.location).toBe(
      '/staff/releases?done=cancelled',
    );
    expect((await findBatch(ctx.db.knex, batch.id))!.status).toBe('cancelled');
    expect((await post(LEAD, `/staff/releases/batches/${batch.id}/cancel`, { confirm: 'yes' })).status).toBe(409);
    expect(await ctx.db.knex('staff_audit').where({ staff_email: LEAD.email, action: 'release-cancelled' }).first()).toBeTruthy();
  });
});

describe('the desk’s navigation', () => {
  it('is the same on every desk page for one person and offers only what their role opens: a reader no lead pages, a lead no audit trail', async () => {
    const links = (html: string) =>
      [...html.matchAll(/<nav aria-label="Staff desk">([\s\S]*?)<\/nav>/g)].map((m) => m[1]!.match(/href="[^"]+"/g));
    for (const [who, reading, audit] of [
      [R1, false, false],
      [LEAD, true, false],
    ] as const) {
      const [list, queue] = await Promise.all([get(who, '/staff'), get(who, '/staff/queue')]);
      expect([list.status, queue.status]).toEqual([200, 200]);
      expect(links(list.text)).toEqual(links(queue.text));
      expect([who.email, list.text.includes('href="/staff/reading"'), list.text.includes('href="/staff/audit"')]).toEqual([
        who.email,
        reading,
        audit,
      ]);
      // Every link it offers opens for them.
      for (const href of links(list.text)[0]!.map((h) => h.slice(6, -1)))
        expect([href, (await get(who, href)).status]).toEqual([href, 200]);
    }
  });
});
