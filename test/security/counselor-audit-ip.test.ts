import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { makePdf } from '../fixtures/documents.js';
import { counselorApp, linkIn, submitWith, workMailJobs } from './counselor-fixture.js';

// Issue 35 finding 8 (the counselor's part): every counselor action is audited with the request's address.
let ctx: TestContext;
let mail: Awaited<ReturnType<typeof counselorApp>>['mail'];
beforeAll(async () => {
  await loadVikeBuild();
  ({ ctx, mail } = await counselorApp());
}, 60_000);
afterAll(() => ctx?.close());

describe('counselor audit rows carry the IP address', () => {
  it('view, upload and "not my student" are each audited with an IP', async () => {
    const { user } = await submitWith(ctx);
    mail.messages.length = 0;
    await workMailJobs(ctx);
    const token = linkIn(mail.messages[0]!);
    await request(ctx.app).get(`/counselor/${token}`).expect(200);
    await request(ctx.app)
      .post(`/counselor/${token}`)
      .attach('transcript', await makePdf(1), { filename: 't.pdf', contentType: 'application/pdf' })
      .expect(303);
    await request(ctx.app).post(`/counselor/${token}/not-my-student`).type('form').send({ confirm: 'yes' }).expect(303);
    const rows = (await ctx.db.knex('staff_audit').where({ user_id: user.id, staff_email: 'counselor' }).orderBy('id')) as Array<{
      action: string;
      ip: string | null;
    }>;
    expect(rows.map((r) => r.action)).toEqual(['counselor-viewed', 'counselor-upload', 'counselor-not-my-student']);
    for (const row of rows) expect(row.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
  });
});
