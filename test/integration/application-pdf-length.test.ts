import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { TEST_TMP } from '../helpers/paths.js';
import { describeE2E } from '../helpers/browser.js';
import { makePdf } from '../fixtures/documents.js';
import { presign, startConversion, uploadTo, waitForFinalStatus } from '../fixtures/documents-flow.js';

// Issue 38: the PDF reads like a document. The files stay in .test-tmp/pdf-length/ to be looked at (pdftoppm).
const OUT = join(TEST_TMP, 'pdf-length');

/** A fuller application than the required answers: race, a graduation date, a GPA, a counselor. */
const FULLER_ANSWERS = {
  ...COMPLETE_ANSWERS,
  race_asian: true,
  race_white: true,
  hs_gpa: '3.75',
  grad_month: '5',
  grad_year: String(new Date().getFullYear() + 1),
  counselor_first_name: 'Jane',
  counselor_last_name: 'Park',
  counselor_email_address: 'jpark@alta.example.org',
  scholarship_opp: 'Y',
  financial_aid: 'Y',
  college_pay: 'Savings, a part-time job at the library and the scholarships I am applying for this winter.',
};

async function submittedPdf(
  ctx: TestContext,
  answers: Record<string, string | boolean>,
  name: string,
): Promise<{ file: string; pages: number; text: string }> {
  const user = await createLoggedInUser(ctx);
  await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(answers).expect(200);
  // One upload: a one-page document, which the PDF carries after the form's pages.
  const presigned = await presign(ctx.app, user.cookie, 'additional_document');
  expect((await uploadTo(ctx.app, presigned, await makePdf(1), 'activities.pdf')).status).toBeLessThan(300);
  expect((await startConversion(ctx.app, user.cookie, 'additional_document', presigned.fields.key!, 'activities.pdf')).status).toBe(202);
  expect((await waitForFinalStatus(ctx.app, user.cookie, 'additional_document')).status).toBe('COMPLETED');
  expect((await request(ctx.app).post('/api/submit').set('Cookie', user.cookie)).status).toBe(200);
  const deadline = Date.now() + 60_000;
  let body: { status: string; url: string | null };
  for (;;) {
    body = (await request(ctx.app).get('/api/pdf').set('Cookie', user.cookie).expect(200)).body;
    if (body.status !== 'UNPROCESSED' && body.status !== 'IN_PROGRESS') break;
    if (Date.now() > deadline) throw new Error(`PDF still ${body.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(body.status).toBe('COMPLETED');
  const url = new URL(body.url!, ctx.config.publicUrl);
  const download = await request(ctx.app)
    .get(url.pathname + url.search)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const file = join(OUT, `${name}.pdf`);
  writeFileSync(file, download.body as Buffer);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  return { file, pages, text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }) };
}

function count(text: string, phrase: string): number {
  return text.replace(/\s+/g, ' ').split(phrase).length - 1;
}

describeE2E('the application PDF reads like a document (issue 38)', () => {
  let ctx: TestContext;
  let server: Server;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    await loadVikeBuild();
    ctx = await createTestApp({ queue: 'workers' });
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    ctx.config.publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await ctx?.close();
  });

  it('a short application (the required answers and one upload) is at most 6 pages', async () => {
    const { pages, text } = await submittedPdf(ctx, COMPLETE_ANSWERS, 'short');
    expect(pages).toBeLessThanOrEqual(6);
    // A school's CEEB code once: on the school's line.
    expect(count(text, '450010')).toBe(1);
    expect(text.replace(/\s+/g, ' ')).toContain('Alta High School (Ceeb: 450010)');
  });

  it('a fuller application prints a multi-choice answer on one line and a month and year once', async () => {
    const { text } = await submittedPdf(ctx, FULLER_ANSWERS, 'fuller');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('How do you describe yourself? Select all that apply. Asian, White');
    expect(count(flat, 'How do you describe yourself?')).toBe(1);
    expect(count(flat, 'High School Graduation Date')).toBe(1);
    expect(flat).toContain(`High School Graduation Date May ${FULLER_ANSWERS.grad_year}`);
    expect(count(flat, '450010')).toBe(1);
  });
});
