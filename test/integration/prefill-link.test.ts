import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { signPrefillToken } from '../../server/prefill/prefill-token.server.js';
import { PREFILL_INVALID } from '../../server/prefill/routes.server.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { ROOT, TEST_TMP } from '../helpers/paths.js';
import { loadVikeBuild } from '../helpers/vike-build.js';

let ctx: TestContext;
beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('public temporary answers (GET /public/tmp)', () => {
  it('returns the answers a link carries, with descriptions derived from the options', async () => {
    const token = signPrefillToken(TEST_SESSION_SECRET, { first_name: 'Pat', state: 'UT' }, { now: ctx.services.now() });
    const res = await request(ctx.app).get('/public/tmp').query({ token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Pat', state: 'UT', state_desc: 'Utah' });
  });

  it('refuses a forged or garbled token with 400 and an expired one with 410', async () => {
    const forged = signPrefillToken('x'.repeat(40), { first_name: 'Pat' }, { now: ctx.services.now() });
    const bad = await request(ctx.app).get('/public/tmp').query({ token: forged });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(PREFILL_INVALID);
    expect((await request(ctx.app).get('/public/tmp').query({ token: "' or 1=1 --" })).status).toBe(400);
    const old = signPrefillToken(
      TEST_SESSION_SECRET,
      { first_name: 'Pat' },
      { now: new Date(ctx.services.now().getTime() - 200 * 3600_000), hours: 1 },
    );
    expect((await request(ctx.app).get('/public/tmp').query({ token: old })).status).toBe(410);
  });

  it('refuses to mint a link with keys the definition does not know', () => {
    expect(() => signPrefillToken(TEST_SESSION_SECRET, { shoe_size: '9' }, { now: new Date() })).toThrow(/Unknown answer keys: shoe_size/);
  });

  it('npm run prefill-link prints a working URL', async () => {
    const file = join(mkdtempSync(join(TEST_TMP, 'prefill-')), 'answers.json');
    writeFileSync(file, JSON.stringify({ first_name: 'Sam', last_name: 'Lee' }));
    const { stdout } = await promisify(execFile)(process.execPath, ['dist/node/prefill-link.mjs', file, '--hours', '2'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        SESSION_SECRET: TEST_SESSION_SECRET,
        PUBLIC_URL: 'http://127.0.0.1:3000',
        DATA_DIR: join(TEST_TMP, 'prefill-cli'),
      },
    });
    const url = new URL(stdout.trim());
    expect(url.pathname).toBe('/about');
    const res = await request(ctx.app)
      .get('/public/tmp')
      .query({ token: url.searchParams.get('token') });
    expect(res.body).toMatchObject({ first_name: 'Sam', last_name: 'Lee' });
  });

  it('pre-fills the form for a visitor who arrives with ?token=', async () => {
    const token = signPrefillToken(TEST_SESSION_SECRET, { first_name: 'Prefilled', city: 'Provo' }, { now: ctx.services.now() });
    const page = await request(ctx.app).get('/about').query({ token });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/id="first_name"[^>]*value="Prefilled"|value="Prefilled"[^>]*id="first_name"/);
    const plain = await request(ctx.app).get('/about');
    expect(plain.text).not.toContain('Prefilled');
  });
});
