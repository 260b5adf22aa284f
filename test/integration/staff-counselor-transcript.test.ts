import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { captureMailer } from '../helpers/smtp.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { describeE2E } from '../helpers/browser.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { makePdf } from '../fixtures/documents.js';

const STAFF = 'officer@admissions.example.edu';

/** Polls a condition the workers bring about (conversion, rendering, e-mail); fails after a minute. */
async function until<T>(what: string, read: () => Promise<T | null | undefined | false>): Promise<T> {
  for (let i = 0; i < 240; i += 1) {
    const value = await read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`still waiting for ${what}`);
}

describeE2E('the counselor transcript at the staff desk (issue 37)', () => {
  let ctx: TestContext;
  let server: Server;
  const mail = captureMailer();

  beforeAll(async () => {
    await loadVikeBuild();
    ctx = await createTestApp({ queue: 'workers', env: { STAFF_EMAILS: STAFF } });
    ctx.services.mail = mail;
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    ctx.config.publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await ctx?.close();
  });

  it('is linked, served (audited) and part of the staff PDF, which is rendered again when it arrives', async () => {
    const user = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, {
      ...COMPLETE_ANSWERS,
      counselor_first_name: 'Pat',
      counselor_last_name: 'Jones',
      counselor_email_address: 'pat@alta.example.org',
    });
    const first = await until('the PDF of the submission', async () =>
      ctx.db.knex('application_pdfs').where({ user_id: user.id, status: 'COMPLETED' }).first(),
    );
    const message = await until('the counselor e-mail', async () => mail.messages.find((m) => m.to[0] === 'pat@alta.example.org'));
    const token = /\/counselor\/([A-Za-z0-9_-]{43})/.exec(message.text)![1]!;

    ctx.clock.advance(60_000);
    await request(ctx.app)
      .post(`/counselor/${token}`)
      .attach('transcript', await makePdf(1), { filename: 'transcript.pdf', contentType: 'application/pdf' })
      .expect(303);
    await until('the conversion', async () =>
      ctx.db.knex('document_answers').where({ user_id: user.id, answer_key: 'counselor_transcript', status: 'COMPLETED' }).first(),
    );

    const staff = await staffCookie(ctx, STAFF);
    const page = await request(ctx.app).get(`/staff/applications/${user.id}`).set('Cookie', staff).expect(200);
    expect(page.text).toContain(`href="/staff/applications/${user.id}/documents/counselor_transcript"`);
    expect(page.text).toContain('Transcript from the counselor');
    const doc = await request(ctx.app).get(`/staff/applications/${user.id}/documents/counselor_transcript`).set('Cookie', staff);
    expect(doc.status).toBe(303);
    const audit = await ctx.db.knex('staff_audit').where({ user_id: user.id, action: 'download-document' }).first('staff_email', 'detail');
    expect(audit).toEqual({ staff_email: STAFF, detail: { document: 'counselor_transcript' } });
    const file = await request(ctx.app).get(
      new URL(doc.headers.location!, ctx.config.publicUrl).pathname + new URL(doc.headers.location!, ctx.config.publicUrl).search,
    );
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');

    // The PDF rendered at submission predates the transcript: its arrival has it made again, one page longer,
    // without anyone asking for it (a ZIP bundle prepared now finds it ready).
    const again = await until('the new PDF', async () =>
      ctx.db.knex('application_pdfs').where({ user_id: user.id, status: 'COMPLETED' }).where('generation', '>', first.generation).first(),
    );
    expect(again.page_count).toBe(first.page_count + 1);
    expect((await request(ctx.app).get(`/staff/applications/${user.id}/pdf`).set('Cookie', staff)).status).toBe(303);
  });
});
