import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { currentLetterTemplate, decideWithLetter, previewLetter, saveLetterTemplate } from '../../domain/reading/letters.server.js';
import { CONFIRMATION_MISMATCH, confirmRelease, previewRelease } from '../../domain/reading/releases.server.js';
import { cancelBatch, removeFromBatch, runReleaseBatch, scheduleRelease } from '../../domain/reading/release-batches.server.js';
import { registerReleaseBatch } from '../../workers/jobs/release-batch.server.js';
import { findBatch } from '../../db/repos/release-batches.server.js';
import { ADMIN, applicant, ctx, decided, decisionMails, LEAD, post, R1, stage, startReadingDesk, usernameOf } from './reading-setup.js';

beforeAll(startReadingDesk, 60_000);
afterAll(() => ctx?.close());

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
