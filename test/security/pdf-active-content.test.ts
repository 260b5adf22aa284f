import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { PDFDict, PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { describeE2E } from '../helpers/browser.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { ignoreQueueErrorsFromNowOn, presign, startConversion, uploadTo, waitForFinalStatus } from '../fixtures/documents-flow.js';
import { ACTIVE_PDF_NAMES, makeActivePdf, pdfContentText } from '../fixtures/hostile-documents.js';
import { findApplicationPdf } from '../../db/repos/application-pdfs.server.js';
import { findDocument, markCompleted, markInProgress, replaceDocument } from '../../db/repos/documents.server.js';
import { newUploadKey, outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { stripActiveContent } from '../../workers/pdf/strip-active-content.server.js';

/**
 * Issue 13, item 3: a link annotation with a /JavaScript action survived into the merged application
 * PDF. Scripts, launch, URI and submit actions, embedded files and form scripts are now removed when a
 * converted upload is stored and again when the application PDF is put together.
 */
function activeNamesIn(text: string): string[] {
  // A name ends at a delimiter: "/JS" must not be found inside "/JSomething".
  return ACTIVE_PDF_NAMES.filter((name) => new RegExp(`${name.replace('/', '\\/')}(?![A-Za-z0-9])`).test(text));
}

describe('the hostile fixture', () => {
  it('really holds every kind of active content (so a clean result means something)', async () => {
    const names = activeNamesIn(await pdfContentText(await makeActivePdf()));
    expect(names.sort()).toEqual([...ACTIVE_PDF_NAMES].sort());
  });

  it('cleaned in memory keeps its page, its bookmarks and an in-document link', async () => {
    const doc = await PDFDocument.load(await makeActivePdf());
    // Two bookmarks linked by /Next: one runs a script, the other goes to the first page.
    const ctx = doc.context;
    const outlines = ctx.nextRef();
    const goTo = ctx.obj({ S: 'GoTo', D: [doc.getPage(0).ref, PDFName.of('Fit')] });
    const second = ctx.register(ctx.obj({ Title: PDFString.of('Grades'), Parent: outlines, A: goTo }));
    const first = ctx.register(
      ctx.obj({
        Title: PDFString.of('Cover'),
        Parent: outlines,
        Next: second,
        A: ctx.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
      }),
    );
    ctx.lookup(second, PDFDict).set(PDFName.of('Prev'), first);
    ctx.assign(outlines, ctx.obj({ Type: 'Outlines', First: first, Last: second, Count: 2 }));
    doc.catalog.set(PDFName.of('Outlines'), outlines);

    stripActiveContent(doc);
    const bytes = await doc.save();
    expect(activeNamesIn(await pdfContentText(bytes))).toEqual([]);
    const again = await PDFDocument.load(bytes);
    expect(again.getPageCount()).toBe(1);
    const top = again.catalog.lookup(PDFName.of('Outlines'), PDFDict);
    const cover = top.lookup(PDFName.of('First'), PDFDict);
    expect(cover.has(PDFName.of('A'))).toBe(false);
    const grades = cover.lookup(PDFName.of('Next'), PDFDict);
    expect(grades.lookup(PDFName.of('Title'), PDFString).decodeText()).toBe('Grades');
    expect(grades.lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('S'), PDFName)).toBe(PDFName.of('GoTo'));
  });
});

describeE2E('an uploaded PDF with a /JavaScript link action', () => {
  let ctx: TestContext;
  let server: Server;
  let user: TestUser;

  beforeAll(async () => {
    await loadVikeBuild();
    ctx = await createTestApp({ queue: 'workers' });
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    // The renderer opens the staff view through PUBLIC_URL: point it at this server.
    ctx.config.publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    user = await createLoggedInUser(ctx);
  });
  afterAll(async () => {
    ignoreQueueErrorsFromNowOn(ctx?.queue);
    server?.close();
    await ctx?.close();
  });

  it('is stored as a conversion without /JS, /JavaScript, /Launch or /EmbeddedFile (nor URI, submit, XFA, triggers)', async () => {
    const presigned = await presign(ctx.app, user.cookie, 'transcript');
    expect((await uploadTo(ctx.app, presigned, await makeActivePdf(), 'transcript.pdf')).status).toBe(204);
    expect((await startConversion(ctx.app, user.cookie, 'transcript', presigned.fields.key!, 'transcript.pdf')).status).toBe(202);
    expect((await waitForFinalStatus(ctx.app, user.cookie, 'transcript')).status).toBe('COMPLETED');
    const row = await findDocument(ctx.db.knex, user.id, 'transcript');
    const stored = await ctx.services.storage!.get(row!.output_key!);
    expect(activeNamesIn(await pdfContentText(stored!))).toEqual([]);
    expect((await PDFDocument.load(stored!)).getPageCount()).toBe(1);
  });

  it('and the application PDF holds none of it, even from a conversion stored before uploads were cleaned', async () => {
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(COMPLETE_ANSWERS);
    // A document converted by an older version and stored as uploaded: only the merge can clean it.
    const fileKey = newUploadKey(user.id, 'additional_document');
    const target = { userId: user.id, answerKey: 'additional_document', fileKey };
    const outputKey = outputKeyFor(user.id, 'additional_document', fileKey);
    await ctx.db.knex.transaction((trx) =>
      replaceDocument(
        trx,
        { user_id: user.id, answer_key: 'additional_document', file_key: fileKey, file_name: 'old.pdf', file_size: 1, output_key: null },
        ctx.clock.now,
      ),
    );
    await ctx.services.storage!.put(fileKey, await makeActivePdf(), 'application/pdf');
    await ctx.services.storage!.put(outputKey, await makeActivePdf(), 'application/pdf');
    expect(await markInProgress(ctx.db.knex, target, ctx.clock.now)).toBe(true);
    expect(await markCompleted(ctx.db.knex, target, outputKey, ctx.clock.now)).toBe(true);

    const deadline = Date.now() + 90_000;
    let status = '';
    while (status !== 'COMPLETED') {
      const res = await request(ctx.app).get('/api/pdf').set('Cookie', user.cookie);
      expect(res.status).toBe(200);
      status = res.body.status;
      if (status === 'FAILED') throw new Error(`PDF failed: ${res.body.message}`);
      if (Date.now() > deadline) throw new Error(`PDF still ${status}`);
      if (status !== 'COMPLETED') await new Promise((r) => setTimeout(r, 250));
    }
    const pdfRow = await findApplicationPdf(ctx.db.knex, user.id);
    const application = await ctx.services.storage!.get(pdfRow!.output_key!);
    const merged = await PDFDocument.load(application!);
    expect(merged.getPageCount()).toBeGreaterThanOrEqual(3 + 2);
    expect(activeNamesIn(await pdfContentText(application!))).toEqual([]);
  });
});
