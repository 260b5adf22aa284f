import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS, OPEN_ENTRY_TERM } from '../fixtures/complete-answers.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { ROOT, TEST_TMP } from '../helpers/paths.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import { FEED_SETTLE_MS, KEY_REFUSED_MESSAGE, KEY_REQUIRED_MESSAGE } from '../../server/integration/routes.server.js';

let ctx: TestContext;
let server: Server;
let port: number;
let key: string;
const submitted: string[] = [];
const unsubmitted: string[] = [];

const feed = (query: Record<string, string> = {}, bearer: string | null = key) => {
  const req = request(ctx.app).get('/integration/v1/applications').query(query);
  return bearer === null ? req : req.set('Authorization', `Bearer ${bearer}`);
};

async function createKey(name: string): Promise<string> {
  const result = await runClientCommand(ctx.db.knex, { action: 'create', name }, ctx.services.now());
  if (!result.ok) throw new Error(result.message);
  return result.lines[1]!;
}

/** Every application the feed hands out from the start, `limit` at a time. */
async function readAll(limit: number, since: string | null = null): Promise<{ ids: string[]; cursor: string | null }> {
  const ids: string[] = [];
  let cursor = since;
  for (;;) {
    const res = await feed({ limit: String(limit), ...(cursor ? { since: cursor } : {}) });
    expect(res.status).toBe(200);
    ids.push(...res.body.applications.map((a: { id: string }) => a.id));
    cursor = res.body.next_cursor;
    if (!res.body.has_more) return { ids, cursor };
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  for (let i = 0; i < 5; i += 1) {
    const user = await createLoggedInUser(ctx);
    ctx.clock.advance(1000);
    if (i === 2) {
      // Saved but never submitted.
      await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send({ first_name: 'Draft' }).expect(200);
      unsubmitted.push(user.id);
    }
    const applicant = await createLoggedInUser(ctx);
    await submitAs(ctx, applicant.cookie, { ...COMPLETE_ANSWERS, first_name: `Applicant${i}` });
    submitted.push(applicant.id);
  }
  // The first applicant uploaded a transcript (its row as the conversion pipeline leaves it).
  const now = ctx.services.now();
  await ctx.db.knex('document_answers').insert({
    user_id: submitted[0],
    answer_key: 'transcript',
    file_key: `users/${submitted[0]}/uploads/transcript`,
    file_name: 'transcript.pdf',
    file_size: 48211,
    status: 'COMPLETED',
    output_key: `users/${submitted[0]}/converted/transcript.pdf`,
    created_at: now,
    updated_at: now,
  });
  ctx.clock.advance(FEED_SETTLE_MS + 1000);
  key = await createKey('crm');
  server = createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

describe('GET /integration/v1/applications', () => {
  it('requires a key', async () => {
    const res = await feed({}, null);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(KEY_REQUIRED_MESSAGE);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await feed({}, 'fa_int_' + 'x'.repeat(43));
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(KEY_REFUSED_MESSAGE);
  });

  it('returns submitted applications oldest first with answers as display values, documents and a PDF link', async () => {
    const res = await feed();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.applications.map((a: { id: string }) => a.id)).toEqual(submitted);
    const first = res.body.applications[0];
    expect(first.reference).toMatch(/^FA-[A-Z0-9]{6}$/);
    expect(first.answers.first_name).toEqual({ value: 'Applicant0', display: 'Applicant0' });
    expect(first.answers.entry_term).toEqual({ value: OPEN_ENTRY_TERM.value, display: OPEN_ENTRY_TERM.label });
    expect(first.answers.legal_agree).toEqual({ value: true, display: 'Yes' });
    expect(first.documents).toEqual([{ key: 'transcript', file_name: 'transcript.pdf', file_size: 48211, status: 'COMPLETED' }]);
    expect(res.body.applications[1].documents).toEqual([]);
    expect(first.pdf_url).toBe(`${ctx.config.publicUrl}/integration/v1/applications/${first.id}/pdf`);
    expect(new Date(first.submitted_at).getTime()).toBeLessThan(new Date(res.body.applications[1].submitted_at).getTime());
  });

  it('cursor paging returns each submitted application exactly once and never an unsubmitted one', async () => {
    for (const limit of [1, 2, 3]) {
      const { ids } = await readAll(limit);
      expect(ids).toEqual(submitted);
      for (const id of unsubmitted) expect(ids).not.toContain(id);
    }
  });

  it('a later submission appears after the cursor once settled, and the same cursor gives nothing twice', async () => {
    const { ids, cursor } = await readAll(2);
    expect(ids).toHaveLength(submitted.length);
    const late = await createLoggedInUser(ctx);
    await submitAs(ctx, late.cookie, { ...COMPLETE_ANSWERS, first_name: 'Late' });
    // Not yet settled: a transaction of this moment might still be committing.
    expect((await feed({ since: cursor! })).body.applications).toEqual([]);
    ctx.clock.advance(FEED_SETTLE_MS + 1000);
    const next = await feed({ since: cursor! });
    expect(next.body.applications.map((a: { id: string }) => a.id)).toEqual([late.id]);
    const after = await feed({ since: next.body.next_cursor });
    expect(after.body.applications).toEqual([]);
    expect(after.body.next_cursor).toBe(next.body.next_cursor);
    submitted.push(late.id);
  });

  it('refuses a malformed cursor or limit with a clear 400', async () => {
    expect((await feed({ since: 'nonsense' })).status).toBe(400);
    expect((await feed({ limit: '0' })).status).toBe(400);
    expect((await feed({ limit: 'abc' })).body.message).toMatch(/limit must be/);
  });

  it('the PDF link needs the key and serves submitted applications only', async () => {
    expect((await request(ctx.app).get(`/integration/v1/applications/${submitted[0]}/pdf`)).status).toBe(401);
    const unsent = await request(ctx.app).get(`/integration/v1/applications/${unsubmitted[0]}/pdf`).set('Authorization', `Bearer ${key}`);
    expect(unsent.status).toBe(404);
  });
});

describe('npm run integration-client', () => {
  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['dist/node/integration-client.mjs', ...args], {
      cwd: ROOT,
      // The embedded-database path: the command goes through the server holding the database.
      env: { PATH: process.env.PATH, SESSION_SECRET: TEST_SESSION_SECRET, PORT: String(port), DATA_DIR: join(TEST_TMP, 'integration-cli') },
    });

  it('creates a key shown once, lists clients without keys, and a revoked key is refused', async () => {
    const created = await cli('create', 'slate');
    const cliKey = created.stdout.trim().split('\n').at(-1)!;
    expect(cliKey).toMatch(/^fa_int_[A-Za-z0-9_-]{43}$/);
    expect((await feed({}, cliKey)).status).toBe(200);
    const stored = await ctx.db.knex('integration_clients').where({ name: 'slate' }).first();
    expect(JSON.stringify(stored)).not.toContain(cliKey.slice(7));
    const listed = await cli('list');
    expect(listed.stdout).toMatch(/^slate\tlive\t/m);
    expect(listed.stdout).not.toContain(cliKey);
    await cli('revoke', 'slate');
    const refused = await feed({}, cliKey);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(KEY_REFUSED_MESSAGE);
    expect((await feed()).status).toBe(200);
  });
});
