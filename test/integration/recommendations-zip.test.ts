import { afterAll, beforeAll, expect, it } from '@jest/globals';
import request from 'supertest';
import yauzl from 'yauzl';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS, OPEN_ENTRY_TERM } from '../fixtures/complete-answers.js';
import { storeLetter } from '../../domain/recommendations/recommendation-link.server.js';
import { invite } from './recommendations-setup.js';

const STAFF = 'bundler@admissions.example.edu';
let ctx: TestContext;

function entriesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      const out = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(out));
      file.readEntry();
    });
  });
}

beforeAll(async () => {
  ctx = await createTestApp({ queue: 'workers', env: { STAFF_EMAILS: STAFF, CHROMIUM_PATH: '/nonexistent/chromium' } });
}, 60_000);
afterAll(() => ctx?.close());

it('the staff PDF bundle carries each application’s letters beside its PDF', async () => {
  const user = await createLoggedInUser(ctx);
  await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, first_name: 'Ida' });
  // No Chromium here: the application's PDF is stored as a rendering would.
  const { version } = await ctx.db.knex('applications').where({ user_id: user.id }).first('version');
  const key = `users/${user.id}/application/application-9.pdf`;
  await ctx.services.storage!.put(key, Buffer.from('%PDF-1.4 Ida'), 'application/pdf');
  await ctx.db
    .knex('application_pdfs')
    .where({ user_id: user.id })
    .update({ status: 'COMPLETED', output_key: key, answers_version: version });
  await invite(ctx, user, { email: 'rivera@alta.example.org' });
  const row = await ctx.db.knex('recommendations').where({ user_id: user.id }).first();
  expect(await storeLetter(ctx.services, String(row.id), { kind: 'text', text: 'Ida is a fine chemist.' }, null)).toBe('stored');

  const staff = await staffCookie(ctx, STAFF);
  const start = await request(ctx.app).post(`/staff/exports?term=${OPEN_ENTRY_TERM.value}`).set('Cookie', staff).expect(303);
  const progress = start.headers.location!;
  let page = await request(ctx.app).get(progress).set('Cookie', staff);
  while (!page.text.includes('The ZIP is ready.')) {
    await new Promise((r) => setTimeout(r, 200));
    page = await request(ctx.app).get(progress).set('Cookie', staff);
  }
  const url = new URL((await request(ctx.app).get(`${progress}/download`).set('Cookie', staff).expect(303)).headers.location!, 'http://x');
  const file = await request(ctx.app)
    .get(url.pathname + url.search)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const entries = await entriesOf(file.body as Buffer);
  const letter = [...entries.keys()].find((n) => /^Ida-Lopez-[0-9a-f]{8}-recommendation-1\.txt$/.test(n));
  expect(letter).toBeDefined();
  expect(entries.get(letter!)!.toString()).toContain('Recommendation from Ana Rivera (Chemistry)');
  expect(entries.get(letter!)!.toString()).toContain('Ida is a fine chemist.');
}, 60_000);
