import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import yauzl from 'yauzl';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS, OPEN_ENTRY_TERM } from '../fixtures/complete-answers.js';

const STAFF = 'bundler@admissions.example.edu';
let ctx: TestContext;
let staff: string;
const people: TestUser[] = [];

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
  for (const name of ['Ida', 'Jon']) {
    const user = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, first_name: name });
    // The worker here has no Chromium: store each application's PDF as a rendering would.
    const { version } = await ctx.db.knex('applications').where({ user_id: user.id }).first('version');
    const key = `users/${user.id}/application/application-9.pdf`;
    await ctx.services.storage!.put(key, Buffer.from(`%PDF-1.4 ${name}`), 'application/pdf');
    await ctx.db
      .knex('application_pdfs')
      .where({ user_id: user.id })
      .update({ status: 'COMPLETED', output_key: key, answers_version: version });
    people.push(user);
  }
  const draft = await createLoggedInUser(ctx);
  await request(ctx.app)
    .put('/api/answer')
    .set('Cookie', draft.cookie)
    .send({ first_name: 'Kim', entry_term: OPEN_ENTRY_TERM.value })
    .expect(200);
  people.push(draft);
  staff = await staffCookie(ctx, STAFF);
});
afterAll(() => ctx.close());

describe('ZIP of the PDFs of the current filter', () => {
  it('is built by a job with progress, downloadable when ready, and recorded in the audit trail', async () => {
    const start = await request(ctx.app).post(`/staff/exports?term=${OPEN_ENTRY_TERM.value}`).set('Cookie', staff);
    expect(start.status).toBe(303);
    const progress = start.headers.location!;
    expect(progress).toMatch(/^\/staff\/exports\/[0-9a-f-]{36}$/);
    let page = await request(ctx.app).get(progress).set('Cookie', staff);
    expect(page.status).toBe(200);
    while (!page.text.includes('The ZIP is ready.')) {
      expect(page.text).toMatch(/\d+ of 3 applications done|The ZIP is ready/);
      await new Promise((r) => setTimeout(r, 200));
      page = await request(ctx.app).get(progress).set('Cookie', staff);
    }
    const download = await request(ctx.app).get(`${progress}/download`).set('Cookie', staff);
    expect(download.status).toBe(303);
    const url = new URL(download.headers.location!, 'http://x');
    const file = await request(ctx.app)
      .get(url.pathname + url.search)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    const entries = await entriesOf(file.body as Buffer);
    const pdfs = [...entries.keys()].filter((n) => n.endsWith('.pdf')).sort();
    expect(pdfs).toHaveLength(2);
    expect(pdfs[0]).toMatch(/^Ida-Lopez-[0-9a-f]{8}\.pdf$/);
    expect(entries.get(pdfs[0]!)!.toString()).toBe('%PDF-1.4 Ida');
    expect(entries.get('not-included.txt')!.toString()).toContain(`${people[2]!.username}\tnot submitted`);
    const trail = await request(ctx.app).get('/staff/audit').set('Cookie', staff);
    expect(trail.text).toContain('export-zip');
    expect(trail.text).toContain('download-zip');
    const list = await request(ctx.app).get('/staff/exports').set('Cookie', staff);
    expect(list.text).toContain('Download ZIP');
    // The filter in words, as the list's form names it, not its query string.
    expect(list.text.replaceAll('<!-- -->', '')).toContain(`Entry term: ${OPEN_ENTRY_TERM.label}`);
    expect(list.text).not.toContain(`?term=${OPEN_ENTRY_TERM.value}<`);
  });
});
