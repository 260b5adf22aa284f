import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { ignoreQueueErrorsFromNowOn, presign, startConversion, uploadTo } from '../fixtures/documents-flow.js';
import { makePng } from '../fixtures/documents.js';
import { findApplicationPdf, markPdfCompleted } from '../../db/repos/application-pdfs.server.js';
import { CONVERSION_QUOTA, RENDER_QUOTA } from '../../server/documents/quotas.server.js';

/**
 * Issue 13, item 14: nothing capped how often one applicant could start conversions or renderings of
 * the application PDF. Each is now counted per applicant per hour, and past the quota the answer is a
 * 429 with Retry-After and a message saying how long to wait, like the other limits. Jobs are queued
 * but not run here (the work itself is not what is tested).
 */
let ctx: TestContext;

/** Lets time pass while the applicant stays active (sessions end after inactivity). */
async function passTime(user: TestUser, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 10 * 60_000) {
    ctx.clock.advance(Math.min(left, 10 * 60_000));
    expect((await request(ctx.app).get('/api/document-answer').set('Cookie', user.cookie)).status).toBe(200);
  }
}

beforeAll(async () => {
  ctx = await createTestApp({ queue: 'send-only', env: { CHROMIUM_PATH: '/usr/bin/chromium' } });
});
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx?.queue);
  await ctx?.close();
});

describe('conversions per applicant', () => {
  it(`allows ${CONVERSION_QUOTA.max} an hour, then answers 429 with Retry-After until the hour has passed`, async () => {
    const user = await createLoggedInUser(ctx);
    const other = await createLoggedInUser(ctx);
    const presigned = await presign(ctx.app, user.cookie, 'transcript');
    expect((await uploadTo(ctx.app, presigned, makePng(), 'scan.png')).status).toBe(204);
    const start = () => startConversion(ctx.app, user.cookie, 'transcript', presigned.fields.key!, 'scan.png');
    for (let i = 0; i < CONVERSION_QUOTA.max; i++) expect((await start()).status).toBe(202);

    await passTime(user, 10 * 60_000);
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      `You have sent many files for conversion in the last hour (at most ${CONVERSION_QUOTA.max} an hour). Please wait 50 minutes and try again.`,
    );
    expect(refused.headers['retry-after']).toBe(String(50 * 60));

    // Another applicant is not affected.
    const theirs = await presign(ctx.app, other.cookie, 'transcript');
    expect((await uploadTo(ctx.app, theirs, makePng(), 'scan.png')).status).toBe(204);
    expect((await startConversion(ctx.app, other.cookie, 'transcript', theirs.fields.key!, 'scan.png')).status).toBe(202);

    await passTime(user, 50 * 60_000);
    expect((await start()).status).toBe(202);
  });
});

describe('renderings of the application PDF per applicant', () => {
  it(`allows ${RENDER_QUOTA.max} an hour, counting new renderings only (not the polls of one in progress)`, async () => {
    const user = await createLoggedInUser(ctx);
    const renderOnce = async (i: number) => {
      // The applicant changes an answer, then asks for the PDF: a new rendering is requested.
      expect(
        (
          await request(ctx.app)
            .put('/api/answer')
            .set('Cookie', user.cookie)
            .send({ first_name: `Maria${'a'.repeat(i % 5)}` })
        ).status,
      ).toBe(200);
      const asked = await request(ctx.app).get('/api/pdf').set('Cookie', user.cookie);
      if (asked.status !== 200) return asked;
      // Polls while it is in progress request nothing more.
      for (let poll = 0; poll < 3; poll++)
        expect((await request(ctx.app).get('/api/pdf').set('Cookie', user.cookie)).body.status).toBe('UNPROCESSED');
      const row = await findApplicationPdf(ctx.db.knex, user.id);
      expect(
        await markPdfCompleted(
          ctx.db.knex,
          { userId: user.id, generation: row!.generation },
          `users/${user.id}/application/x.pdf`,
          3,
          ctx.clock.now,
        ),
      ).toBe(true);
      return asked;
    };
    for (let i = 0; i < RENDER_QUOTA.max; i++) expect((await renderOnce(i)).status).toBe(200);

    const refused = await renderOnce(RENDER_QUOTA.max);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      `The PDF of your application has been created many times in the last hour (at most ${RENDER_QUOTA.max} an hour). Please wait 60 minutes and try again.`,
    );
    expect(Number(refused.headers['retry-after'])).toBe(3600);

    await passTime(user, 3600_000);
    expect((await request(ctx.app).get('/api/pdf').set('Cookie', user.cookie)).status).toBe(200);
  });
});
