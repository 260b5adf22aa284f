import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { makePdf } from '../fixtures/documents.js';
import { counselorApp, linkIn, submitWith, workMailJobs } from './counselor-fixture.js';
import { COUNSELOR_LINK_DAYS } from '../../domain/after-submission/checklist.server.js';
import { convertDocument } from '../../workers/jobs/convert-document.server.js';
import type { ConvertDocumentData } from '../../platform/jobs/queues.js';

// Issue 35 finding 7: a voided or expired link never names the applicant, even after the transcript arrived.
let ctx: TestContext;
let mail: Awaited<ReturnType<typeof counselorApp>>['mail'];
beforeAll(async () => {
  await loadVikeBuild();
  ({ ctx, mail } = await counselorApp());
}, 60_000);
afterAll(() => ctx?.close());

async function firstLink(userId: string): Promise<string> {
  mail.messages.length = 0;
  await workMailJobs(ctx);
  const row = await ctx.db.knex('counselor_requests').where({ user_id: userId }).orderBy('id').first();
  return linkIn(mail.messages.find((m) => m.to.includes(row.email))!);
}

async function arrive(userId: string, token: string): Promise<void> {
  await request(ctx.app)
    .post(`/counselor/${token}`)
    .attach('transcript', await makePdf(1), { filename: 't.pdf', contentType: 'application/pdf' })
    .expect(303);
  const [job] = (await ctx.db.knex.raw(`select id, data from pgboss.job where name = 'convert-document' and data->>'userId' = ?`, [userId]))
    .rows as Array<{ id: string; data: ConvertDocumentData }>;
  await convertDocument(ctx.services, job!.data, job!.id);
  expect((await ctx.db.knex('transcript_checklist').where({ user_id: userId }).first()).status).toBe('received');
}

describe('the counselor link: void and expiry first', () => {
  it('a replaced link shows only "no longer valid", before and after the transcript arrives through the new one', async () => {
    const { user } = await submitWith(ctx, { first_name: 'Zelda' });
    const old = await firstLink(user.id);
    await request(ctx.app)
      .post('/completion/counselor')
      .set('Cookie', user.cookie)
      .type('form')
      .send({ counselor_email: 'new.counselor@alta.example.org' })
      .expect(303);
    mail.messages.length = 0;
    await workMailJobs(ctx);
    const fresh = linkIn(mail.messages.find((m) => m.to.includes('new.counselor@alta.example.org'))!);
    const before = await request(ctx.app).get(`/counselor/${old}`).expect(410);
    expect(before.text).toContain('This link is no longer valid');
    expect(before.text).not.toContain('Zelda');
    await arrive(user.id, fresh);
    const after = await request(ctx.app).get(`/counselor/${old}`).expect(410);
    expect(after.text).toContain('This link is no longer valid');
    expect(after.text).not.toContain('Zelda');
    expect(after.text).not.toContain('Transcript received');
  });

  it('an expired link whose transcript arrived shows no name', async () => {
    const { user } = await submitWith(ctx, { first_name: 'Yolanda' });
    const token = await firstLink(user.id);
    await arrive(user.id, token);
    expect((await request(ctx.app).get(`/counselor/${token}`).expect(200)).text).toContain('Yolanda');
    ctx.clock.advance((COUNSELOR_LINK_DAYS + 1) * 86_400_000);
    try {
      const page = await request(ctx.app).get(`/counselor/${token}`).expect(410);
      expect(page.text).toContain('This link is no longer valid');
      expect(page.text).not.toContain('Yolanda');
    } finally {
      ctx.clock.advance(-(COUNSELOR_LINK_DAYS + 1) * 86_400_000);
    }
  });

  it('"not my student" names nobody afterwards', async () => {
    const { user } = await submitWith(ctx, { first_name: 'Xavier' });
    const token = await firstLink(user.id);
    await request(ctx.app).post(`/counselor/${token}/not-my-student`).type('form').send({ confirm: 'yes' }).expect(303);
    const page = await request(ctx.app).get(`/counselor/${token}`).expect(410);
    expect(page.text).not.toContain('Xavier');
  });
});
