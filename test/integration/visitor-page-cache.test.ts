import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { VISITOR_PAGE_TTL_MS } from '../../server/render.server.js';

let ctx: TestContext;
const OPEN_UNTIL = new Date(Date.now() + 60 * 60_000);

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp({
    env: { APPLICATION_WINDOW_START: new Date(Date.now() - 60 * 60_000).toISOString(), APPLICATION_WINDOW_END: OPEN_UNTIL.toISOString() },
  });
});
afterAll(() => ctx.close());

function nonceOf(res: request.Response): string {
  return /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)![1]!;
}

/** The page with its own nonce replaced, so pages sent to different requests compare. */
function withoutNonce(res: request.Response): string {
  return res.text.split(nonceOf(res)).join('NONCE');
}

describe('form pages for visitors without cookies, rendered once a second (server/render.server.ts)', () => {
  for (const path of ['/about', '/education', '/final-steps']) {
    it(`${path}: the reused page equals a full render, and carries each request's own nonce`, async () => {
      const first = await request(ctx.app).get(path);
      const reused = await request(ctx.app).get(path);
      // Any cookie takes the full render.
      const full = await request(ctx.app).get(path).set('Cookie', 'unrelated=1');
      for (const res of [first, reused, full]) {
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe(first.headers['content-type']);
      }
      expect(nonceOf(reused)).not.toBe(nonceOf(first));
      expect(withoutNonce(reused)).toBe(withoutNonce(first));
      expect(withoutNonce(full)).toBe(withoutNonce(first));
      const scripts = reused.text.match(/<script[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(reused)}"`);
      expect(reused.text).not.toContain(nonceOf(first));
    });
  }

  it('follows the clock: the open-applications banner goes when the window closes', async () => {
    expect((await request(ctx.app).get('/about')).text).toContain('Applications are open.');
    ctx.clock.set(new Date(OPEN_UNTIL.getTime() + VISITOR_PAGE_TTL_MS));
    try {
      expect((await request(ctx.app).get('/about')).text).not.toContain('Applications are open.');
    } finally {
      ctx.clock.set(new Date());
    }
  });

  it('renders HEAD like GET, without a body', async () => {
    await request(ctx.app).get('/education');
    const head = await request(ctx.app).head('/education');
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
  });
});
