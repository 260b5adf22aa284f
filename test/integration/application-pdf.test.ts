import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
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
import { NO_CHROMIUM_MESSAGE } from '../../platform/jobs/queues.js';
import { formDefinition } from '../../form/definition.js';
import { makePdf } from '../fixtures/documents.js';
import { presign, startConversion, uploadTo, waitForFinalStatus } from '../fixtures/documents-flow.js';

async function pollPdf(ctx: TestContext, cookie: string): Promise<{ status: string; url: string | null; message?: string }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await request(ctx.app).get('/api/pdf').set('Cookie', cookie);
    expect(res.status).toBe(200);
    if (res.body.status !== 'UNPROCESSED' && res.body.status !== 'IN_PROGRESS') return res.body;
    if (Date.now() > deadline) throw new Error(`PDF still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describeE2E('the application PDF (Chromium)', () => {
  let ctx: TestContext;
  let server: Server;

  beforeAll(async () => {
    await loadVikeBuild();
    ctx = await createTestApp({ queue: 'workers' });
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    // The renderer opens the staff view through PUBLIC_URL: point it at this server.
    ctx.config.publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await ctx?.close();
  });

  it('is rendered at submission: three form pages with the name and headings, then each document, numbered', async () => {
    const user = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(COMPLETE_ANSWERS);
    // A two-page document under "additional documents": the PDF must carry both of its pages.
    const presigned = await presign(ctx.app, user.cookie, 'additional_document');
    expect((await uploadTo(ctx.app, presigned, await makePdf(2), 'activities.pdf')).status).toBeLessThan(300);
    expect((await startConversion(ctx.app, user.cookie, 'additional_document', presigned.fields.key!, 'activities.pdf')).status).toBe(202);
    expect((await waitForFinalStatus(ctx.app, user.cookie, 'additional_document')).status).toBe('COMPLETED');
    const submitted = await request(ctx.app).post('/api/submit').set('Cookie', user.cookie);
    expect(submitted.status).toBe(200);
    const pdf = await pollPdf(ctx, user.cookie);
    expect(pdf.status).toBe('COMPLETED');
    const download = await request(ctx.app)
      .get(new URL(pdf.url!, ctx.config.publicUrl).pathname + new URL(pdf.url!, ctx.config.publicUrl).search)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    const bytes = download.body as Buffer;
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    const file = join(mkdtempSync(join(TEST_TMP, 'pdf-')), 'application.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Maria Lopez');
    // Headed by the name, not the account (issue 26); no interface text: test/unit/pdf-print-rules.test.ts reads it
    // off the definition, these are the two the issue saw printed.
    const flat = text.replace(/\s+/g, ' ');
    for (const gone of ['Application of', 'Search for Your School', 'Thank you. You can now submit your application.'])
      expect(flat).not.toContain(gone);
    for (const heading of ['About You', 'Your Academics', 'Final Steps']) expect(text).toContain(heading);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
    expect(pages).toBeGreaterThanOrEqual(3 + 2);
    expect(text).toContain(`Page ${pages} of ${pages}`);

    // Every printed sheet (all but the two-page document at the end) is headed by the application, its
    // reference and the applicant, with the title of the form page it belongs to; each form page starts a sheet.
    const reference = submitted.body.reference as string;
    expect(reference).toMatch(/^FA-/);
    const titles = formDefinition().pages.map((p) => p.title);
    const headedBy: string[] = [];
    for (let sheet = 1; sheet <= pages - 2; sheet++) {
      const [header, ...body] = execFileSync('pdftotext', ['-layout', '-f', String(sheet), '-l', String(sheet), file, '-'], {
        encoding: 'utf8',
      })
        .trim()
        .split('\n');
      expect(header).toContain(`Freshman Application ${reference}: Maria Lopez`);
      const title = titles.find((t) => header!.trimEnd().endsWith(t));
      expect({ sheet, header, title }).toEqual({ sheet, header, title: expect.any(String) });
      if (headedBy.at(-1) !== title) expect(body.join('\n')).toContain(title!);
      headedBy.push(title!);
      expect(body.join('\n')).toContain(`Page ${sheet} of ${pages}`);
    }
    expect([...new Set(headedBy)]).toEqual(titles);
    for (let sheet = pages - 1; sheet <= pages; sheet++) {
      expect(execFileSync('pdftotext', ['-layout', '-f', String(sheet), '-l', String(sheet), file, '-'], { encoding: 'utf8' })).toContain(
        `Transcript page ${sheet - pages + 2}`,
      );
    }

    // The render is measured (issue 27: GET /metrics, docs/operations.md).
    const metrics = (await request(ctx.app).get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/^fa_application_pdf_renders_total\{outcome="rendered",[^}]*\} [1-9]/m);
    expect(metrics).toMatch(/^fa_application_pdf_render_seconds_count\{[^}]*\} [1-9]/m);
  });

  it('says when it was submitted in the university’s zone, as /completion does (issue 26: TIME_ZONE, America/Denver by default)', async () => {
    // 11:30 pm in Utah the night before a deadline: 06:30 the next morning in UTC.
    ctx.clock.set(new Date('2026-11-26T06:30:00Z'));
    try {
      const user = await createLoggedInUser(ctx);
      await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(COMPLETE_ANSWERS).expect(200);
      expect((await request(ctx.app).post('/api/submit').set('Cookie', user.cookie)).status).toBe(200);
      const completion = await request(ctx.app).get('/completion').set('Cookie', user.cookie);
      expect(completion.status).toBe(200);
      expect(completion.text).toContain('Submitted on November 25, 2026 at 11:30 PM MST.');
      const pdf = await pollPdf(ctx, user.cookie);
      expect(pdf.status).toBe('COMPLETED');
      const url = new URL(pdf.url!, ctx.config.publicUrl);
      const download = await request(ctx.app)
        .get(url.pathname + url.search)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      const file = join(mkdtempSync(join(TEST_TMP, 'pdf-')), 'application.pdf');
      writeFileSync(file, download.body as Buffer);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Submitted: November 25, 2026 at 11:30 PM MST');
      expect(text).not.toMatch(/\bUTC\b/);
    } finally {
      ctx.clock.set(new Date());
    }
  });

  it('reports FAILED naming CHROMIUM_PATH when Chromium is missing', async () => {
    const other = await createTestApp({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
    try {
      const user = await createLoggedInUser(other);
      const res = await request(other.app).get('/api/pdf').set('Cookie', user.cookie);
      expect(res.body).toMatchObject({ status: 'FAILED', url: null, message: NO_CHROMIUM_MESSAGE });
      expect(res.body.message).toContain('CHROMIUM_PATH');
    } finally {
      await other.close();
    }
  });

  it('needs a session (401)', async () => {
    expect((await request(ctx.app).get('/api/pdf')).status).toBe(401);
  });
});
