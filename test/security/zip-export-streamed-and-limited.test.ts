import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import yauzl from 'yauzl';
import type { Readable } from 'node:stream';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { buildPdfZip, pdfZipKey } from '../../workers/jobs/build-pdf-zip.server.js';
import { insertStaffExport } from '../../db/repos/staff-exports.server.js';
import type { ObjectStore } from '../../platform/storage/object-store.server.js';

/**
 * Issue 23 finding 17: a ZIP export held up to 1,000 PDFs in memory (in the web process when WORKER=inline),
 * and exports were not limited per staff member. The ZIP is now streamed — each PDF read from the store when
 * the ZIP reaches it, the ZIP handed to the store from a file — and each staff member has one bundle in the
 * making at a time and a few an hour.
 */
const STAFF = 'bundler@admissions.example.edu';
const OWN = 'http://127.0.0.1:3000';
const PDFS = 6;
let ctx: TestContext;

function entryNames(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      const names: string[] = [];
      file.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        file.readEntry();
      });
      file.on('end', () => resolve(names));
      file.readEntry();
    });
  });
}

beforeAll(async () => {
  ctx = await createTestApp({ queue: 'send-only', env: { STAFF_EMAILS: STAFF } });
  for (let i = 0; i < PDFS; i += 1) {
    const user = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, first_name: `Pdf${i}` });
    const { version } = await ctx.db.knex('applications').where({ user_id: user.id }).first('version');
    const key = `users/${user.id}/application/application-9.pdf`;
    await ctx.services.storage!.put(key, Buffer.from(`%PDF-1.4 ${'x'.repeat(50_000)} ${i}`), 'application/pdf');
    await ctx.db
      .knex('application_pdfs')
      .where({ user_id: user.id })
      .update({ status: 'COMPLETED', output_key: key, answers_version: version });
  }
});
afterAll(() => ctx.close());

describe('building a ZIP of PDFs', () => {
  it('never holds the PDFs in memory: each is streamed when the ZIP reaches it, one at a time', async () => {
    const real = ctx.services.storage!;
    let wholeReads = 0;
    let open = 0;
    let mostOpen = 0;
    let streamed = 0;
    const watched: ObjectStore = Object.assign(Object.create(Object.getPrototypeOf(real)) as ObjectStore, real, {
      get: async (key: string) => {
        if (key.endsWith('.pdf')) wholeReads += 1;
        return real.get(key);
      },
      getStream: async (key: string): Promise<Readable | null> => {
        const stream = await real.getStream(key);
        if (!stream) return null;
        streamed += 1;
        open += 1;
        mostOpen = Math.max(mostOpen, open);
        stream.once('close', () => (open -= 1));
        return stream;
      },
    });
    const exportId = await insertStaffExport(ctx.db.knex, {
      staff_email: STAFF,
      filter: { q: '', status: null, term: null },
      total: PDFS,
      now: ctx.services.now(),
    });
    await buildPdfZip({ ...ctx.services, storage: watched } as never, exportId);
    expect(wholeReads).toBe(0);
    expect(streamed).toBe(PDFS);
    expect(mostOpen).toBe(1);
    const zip = await real.get(pdfZipKey(exportId));
    expect((await entryNames(zip!)).filter((n) => n.endsWith('.pdf'))).toHaveLength(PDFS);
    expect(await ctx.db.knex('staff_exports').where({ id: exportId }).first('status')).toEqual({ status: 'ready' });
  });
});

describe('exports per staff member', () => {
  it('one PDF bundle in the making at a time, a few an hour; a colleague is not held up', async () => {
    await ctx.db.knex('staff_exports').delete();
    const staff = await staffCookie(ctx, STAFF);
    const ask = (cookie: string) => request(ctx.app).post('/staff/exports').set('Cookie', cookie).set('Origin', OWN).type('form').send({});
    expect((await ask(staff)).status).toBe(303);
    const second = await ask(staff);
    expect(second.status).toBe(429);
    expect(second.text).toMatch(/still being built/);
    // Each finished (as the worker would), six an hour at most.
    let asked = 1;
    for (;;) {
      await ctx.db.knex('staff_exports').where({ staff_email: STAFF }).update({ status: 'ready' });
      const res = await ask(staff);
      if (res.status === 429) {
        expect(res.text).toMatch(/in the last hour/);
        break;
      }
      expect(res.status).toBe(303);
      asked += 1;
      expect(asked).toBeLessThanOrEqual(10);
    }
    expect(asked).toBeLessThan(10);
    ctx.clock.advance(3600_000 + 1000);
    await ctx.db.knex('staff_exports').where({ staff_email: STAFF }).update({ status: 'ready' });
    // (An hour later the staff session has ended too: sign in again.)
    expect((await ask(await staffCookie(ctx, STAFF))).status).toBe(303);
  });

  it('CSV downloads are limited per hour too', async () => {
    const staff = await staffCookie(ctx, STAFF);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1)
      statuses.push(
        (await request(ctx.app).post('/staff/export.csv').set('Cookie', staff).set('Origin', OWN).type('form').send({})).status,
      );
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(5);
  });
});
