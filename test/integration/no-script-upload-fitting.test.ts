import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import sharp from 'sharp';
import S3rver from 's3rver';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Express } from 'express';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUserWithSession, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { freePort } from '../helpers/server.js';
import { TEST_TMP } from '../helpers/paths.js';
import { makePdf, makePng } from '../fixtures/documents.js';
import { makePhonePhoto } from '../fixtures/photos.js';
import { ignoreQueueErrorsFromNowOn, waitForFinalStatus } from '../fixtures/documents-flow.js';
import { FILE_MAX_BYTES } from '../../form/documents.js';
import { fittedNote } from '../../form/photo-fit.js';
import { english } from '../../contracts/i18n/translate.js';
import { findDocument } from '../../db/repos/documents.server.js';
import { PREVIEW_LONG_SIDE } from '../../server/documents/fit-photo.server.js';
import { parseFittedQuery, uploadPreviewRoute, uploadRoute } from '../../contracts/no-script-upload.js';

/**
 * Issue 38: without scripts a phone photo over 1 MB is made to fit on the server by the browser's rules
 * (form/photo-fit.ts), then stored and converted like any upload; the page says what was done and shows a preview.
 * With S3 the file goes through this app just the same (the browser never posts to the bucket without scripts).
 */
let ctx: TestContext;
let photo: Buffer;

async function uploader(app: TestContext): Promise<TestUser> {
  const user = await createUserWithSession(app.db.knex, app.clock.now);
  await request(app.app)
    .put('/api/tabs')
    .set('Cookie', user.cookie)
    .send({ tab_id: 'transcript-source', chosen_tab: 'upload' })
    .expect(200);
  return user;
}

function send(app: Express, user: TestUser, bytes: Buffer, filename: string) {
  return request(app)
    .post(uploadRoute('transcript'))
    .set('Cookie', user.cookie)
    .attach('file', bytes, { filename, contentType: 'image/jpeg' });
}

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp({ queue: 'workers' });
  photo = await makePhonePhoto();
}, 60_000);
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx?.queue);
  await ctx?.close();
});

describe('a phone photo posted without scripts (embedded store)', () => {
  it('is made to fit 1 MB upright, stored, converted, and the page says so with a preview', async () => {
    expect(photo.length).toBeGreaterThanOrEqual(6 * 1024 * 1024);
    const user = await uploader(ctx);
    const res = await send(ctx.app, user, photo, 'IMG_20261128_142233.jpg');
    expect(res.status).toBe(303);
    const location = new URL(res.headers.location as string, 'http://x');
    expect([location.pathname, location.hash]).toEqual(['/education', '#transcript']);
    // The camera stored it sideways (EXIF orientation 6): fitted upright, long side 3000 as in the browser.
    const fitted = parseFittedQuery(location.searchParams.get('fitted'));
    expect(fitted).toEqual({ key: 'transcript', originalBytes: photo.length, width: 2250, height: 3000, heic: false });

    const row = await findDocument(ctx.db.knex, user.id, 'transcript');
    expect(row?.file_name).toBe('IMG_20261128_142233.jpg');
    expect(row!.file_size).toBeLessThanOrEqual(FILE_MAX_BYTES);
    const stored = (await ctx.services.storage.get(row!.file_key))!;
    expect(stored.length).toBe(row!.file_size);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 2250, height: 3000 });
    expect(await waitForFinalStatus(ctx.app, user.cookie, 'transcript')).toMatchObject({ status: 'COMPLETED' });

    const page = await request(ctx.app).get(`${location.pathname}${location.search}`).set('Cookie', user.cookie).expect(200);
    const note = fittedNote({ ...fitted!, bytes: row!.file_size }, english).replace(/'/g, '&#x27;');
    expect(page.text.includes(`<p class="upload__note">${note}</p>`)).toBe(true);
    expect(page.text.includes(`src="${uploadPreviewRoute('transcript')}" alt="Preview of IMG_20261128_142233.jpg"`)).toBe(true);

    const preview = await request(ctx.app).get(uploadPreviewRoute('transcript')).set('Cookie', user.cookie).buffer(true).expect(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.headers['cache-control']).toMatch(/no-store/);
    expect(await sharp(preview.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 360, height: PREVIEW_LONG_SIDE });
  }, 90_000);

  it("shows no one else's photo: the preview is the session's own upload only", async () => {
    const other = await uploader(ctx);
    expect((await request(ctx.app).get(uploadPreviewRoute('transcript')).set('Cookie', other.cookie)).status).toBe(404);
    expect((await request(ctx.app).get(uploadPreviewRoute('transcript'))).status).toBe(401);
  });

  it('stores a file within the limits as it was sent: a small PNG, a PDF (no fitting, no sentence, no preview for a PDF)', async () => {
    const user = await uploader(ctx);
    const png = makePng(64, 48);
    const res = await send(ctx.app, user, png, 'scan.png');
    expect([res.status, res.headers.location]).toEqual([303, '/education#transcript']);
    const row = await findDocument(ctx.db.knex, user.id, 'transcript');
    expect((await ctx.services.storage.get(row!.file_key))!.equals(png)).toBe(true);
    expect(row!.file_name).toBe('scan.png');

    const pdf = await makePdf(1);
    // A name longer than §5's 32 characters is shortened (nothing checked it before it was sent).
    expect((await send(ctx.app, user, pdf, 'my-unofficial-transcript-2026-spring.pdf')).status).toBe(303);
    const replaced = await findDocument(ctx.db.knex, user.id, 'transcript');
    expect(replaced!.file_name).toBe('my-unofficial-transcript-202.pdf');
    expect(await waitForFinalStatus(ctx.app, user.cookie, 'transcript')).toMatchObject({ status: 'COMPLETED' });
    const page = await request(ctx.app).get('/education').set('Cookie', user.cookie).expect(200);
    expect(page.text.includes('upload__preview')).toBe(false);
    expect((await request(ctx.app).get(uploadPreviewRoute('transcript')).set('Cookie', user.cookie)).status).toBe(404);
  }, 60_000);
});

describe('with S3 configured (s3rver)', () => {
  let s3: S3rver;
  let s3ctx: TestContext;
  beforeAll(async () => {
    const port = await freePort();
    s3 = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: mkdtempSync(join(TEST_TMP, 's3rver-')),
      configureBuckets: [{ name: 'fa-documents', configs: [] }],
    });
    await s3.run();
    s3ctx = await createTestApp({
      queue: 'workers',
      env: {
        S3_BUCKET: 'fa-documents',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_FORCE_PATH_STYLE: '1',
        S3_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
  });
  afterAll(async () => {
    ignoreQueueErrorsFromNowOn(s3ctx?.queue);
    await s3ctx?.close();
    await s3?.close();
  });

  it('the upload form posts to this app, which fits the photo and puts it in the bucket', async () => {
    expect(s3ctx.services.storage.kind).toBe('s3');
    const user = await uploader(s3ctx);
    const form = await request(s3ctx.app).get('/education?upload=transcript').set('Cookie', user.cookie).expect(200);
    expect(form.text.includes(`action="${uploadRoute('transcript')}"`)).toBe(true);
    const res = await send(s3ctx.app, user, photo, 'IMG_0002.jpg');
    expect(res.status).toBe(303);
    const row = await findDocument(s3ctx.db.knex, user.id, 'transcript');
    expect(row!.file_size).toBeLessThanOrEqual(FILE_MAX_BYTES);
    expect((await s3ctx.services.storage.head(row!.file_key))?.size).toBe(row!.file_size);
    expect(await waitForFinalStatus(s3ctx.app, user.cookie, 'transcript')).toMatchObject({ status: 'COMPLETED' });
  }, 90_000);
});
