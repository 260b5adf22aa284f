import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { makeExe, makePdf } from '../fixtures/documents.js';
import { garbageAfter, makePngDeclaring } from '../fixtures/photos.js';
import { presign, ignoreQueueErrorsFromNowOn } from '../fixtures/documents-flow.js';
import { FILE_MAX_BYTES, FILE_MESSAGES } from '../../form/documents.js';
import { FIT_INPUT_MAX_BYTES, FIT_MESSAGES } from '../../form/photo-fit.js';
import { PRESIGN_LIMIT } from '../../server/documents/documents.server.js';
import { uploadRoute } from '../../contracts/no-script-upload.js';
import { UPLOAD_REFUSED_HEADING } from '../../islands/form/ErrorSummary.js';

/**
 * Issue 38: a file posted without scripts (POST /upload/<key>) that is refused comes back as the form page — the
 * step and tab it was sent from, the upload form open again — with the message at the field, never as JSON; and
 * nothing is stored or converted. With scripts the JSON API and the store's upload target answer as before.
 */
let ctx: TestContext;
let alice: TestUser;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp({ queue: 'workers' });
  alice = await uploader();
});

/** An applicant whose Your academics shows the transcript question (under the "I will upload it now" tab). */
async function uploader(): Promise<TestUser> {
  const user = await createLoggedInUser(ctx);
  await request(ctx.app)
    .put('/api/tabs')
    .set('Cookie', user.cookie)
    .send({ tab_id: 'transcript-source', chosen_tab: 'upload' })
    .expect(200);
  return user;
}
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx.queue);
  await ctx.close();
});

function send(user: TestUser, bytes: Buffer, filename: string) {
  return request(ctx.app)
    .post(uploadRoute('transcript'))
    .set('Cookie', user.cookie)
    .attach('file', bytes, { filename, contentType: 'application/octet-stream' });
}

const unescape = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

/** The text of the transcript field's error line, as the page renders it (after its visually hidden "Error:"). */
function fieldError(html: string): string | null {
  const match = /<div id="transcript-error" class="field__error">([\s\S]*?)<\/div>/.exec(html);
  return match ? unescape(match[1]!.replace(/<[^>]+>/g, '')).replace(/^Error: /, '') : null;
}

async function storedObjects(user: TestUser): Promise<string[]> {
  return ctx.services.storage.list(`users/${user.id}/`);
}

describe('a file posted without scripts and refused', () => {
  const cases: Array<[string, () => Promise<Buffer> | Buffer, string, number, string]> = [
    ['more than the 15 MB a photo may have', () => randomBytes(FIT_INPUT_MAX_BYTES + 1024), 'huge.jpg', 413, FIT_MESSAGES.tooLarge],
    ['a program named .png', () => makeExe(), 'scan.png', 400, FILE_MESSAGES.wrongType],
    ['an empty file', () => Buffer.alloc(0), 'empty.pdf', 400, FILE_MESSAGES.empty],
    [
      'a PDF over 1 MB (only photos are made to fit)',
      async () => padPdf(await makePdf(1)),
      'transcript.pdf',
      413,
      FILE_MESSAGES.tooLargeDocument,
    ],
    [
      'a 2 MB JPEG that does not decode',
      () => garbageAfter([0xff, 0xd8, 0xff, 0xe0], 2 * FILE_MAX_BYTES),
      'photo.jpg',
      400,
      FIT_MESSAGES.unreadable,
    ],
    [
      'a PNG declaring 20000 × 20000 pixels',
      () => makePngDeclaring(20_000, 20_000),
      'bomb.png',
      400,
      FIT_MESSAGES.tooManyPixels(20_000, 20_000),
    ],
    [
      'an iPhone HEIC photo (HEVC: not readable here)',
      () => garbageAfter('\0\0\0\x18ftypheic', FILE_MAX_BYTES + 1),
      'IMG_0001.HEIC',
      400,
      FIT_MESSAGES.heicUnreadable,
    ],
  ];

  it.each(cases)('%s: the form page, the message at the field, nothing stored', async (_case, make, filename, status, message) => {
    const res = await send(alice, await make(), filename);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toMatch(/^no-store/);
    expect(fieldError(res.text)).toBe(message);
    // Your academics, the upload tab, its upload form open again (posting here), and the message in the summary too.
    expect(/<h1[^>]*>Your Academics</.test(res.text)).toBe(true);
    expect(res.text.includes('aria-selected="true" aria-controls="transcript-source-panel-upload"')).toBe(true);
    expect(res.text.includes(`action="${uploadRoute('transcript')}"`)).toBe(true);
    expect(res.text.includes('<a href="/education#transcript">')).toBe(true);
    expect(res.text.includes(`<h2 id="error-summary-title" class="error-summary__title">${UPLOAD_REFUSED_HEADING}</h2>`)).toBe(true);
    expect(await storedObjects(alice)).toEqual([]);
    expect((await request(ctx.app).get('/api/pdf/document-answer/transcript').set('Cookie', alice.cookie)).body.status).toBe(
      'NOT_ANSWERED',
    );
  });

  it('over the upload limit: the page says to wait, at the field', async () => {
    const busy = await uploader();
    for (let i = 0; i < PRESIGN_LIMIT.max; i++) await presign(ctx.app, busy.cookie, 'transcript');
    const res = await send(busy, await makePdf(1), 'transcript.pdf');
    expect(res.status).toBe(429);
    expect(fieldError(res.text)).toMatch(/^Too many uploads in a short time\. Please wait \d+ minutes and try again\.$/);
    expect(await storedObjects(busy)).toEqual([]);
  });

  it('without a session: to the login page, nothing read', async () => {
    const res = await request(ctx.app).post(uploadRoute('transcript')).attach('file', Buffer.from('%PDF-1.4'), 'a.pdf');
    expect([res.status, res.headers.location]).toEqual([303, '/login']);
  });

  it('from another site: refused before a byte is read (the Origin check)', async () => {
    const res = await send(alice, await makePdf(1), 'transcript.pdf').set('Origin', 'https://attacker.example');
    expect(res.status).toBe(403);
    expect(await storedObjects(alice)).toEqual([]);
  });

  it('a broken multipart body: the form page with a 400, not a 500', async () => {
    const res = await request(ctx.app)
      .post(uploadRoute('transcript'))
      .set('Cookie', alice.cookie)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut short');
    expect(res.status).toBe(400);
    expect(fieldError(res.text)).toBe('Choose a file, then press Upload.');
  });

  it('for a question that takes no file: 404', async () => {
    const res = await request(ctx.app)
      .post(uploadRoute('first_name'))
      .set('Cookie', alice.cookie)
      .attach('file', Buffer.from('x'), 'a.pdf');
    expect(res.status).toBe(404);
  });

  it('with scripts, the store upload target still answers JSON (the island reads it)', async () => {
    const presigned = await presign(ctx.app, alice.cookie, 'transcript');
    let req = request(ctx.app).post(presigned.url);
    for (const [name, value] of Object.entries(presigned.fields)) req = req.field(name, value);
    const res = await req.attach('file', randomBytes(FILE_MAX_BYTES + 1), 'big.jpg');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: FILE_MESSAGES.tooLarge });
  });
});

/** A valid PDF over 1 MB: the one page, then a comment of padding (PDF readers skip comments). */
function padPdf(pdf: Buffer): Buffer {
  return Buffer.concat([pdf, Buffer.from(`\n%${'x'.repeat(FILE_MAX_BYTES + 10)}\n`)]);
}
