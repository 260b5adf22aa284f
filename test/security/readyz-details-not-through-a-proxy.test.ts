import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';

/**
 * Issue 23 finding 8: /readyz gave its detailed checks (hosts, ports, paths) to any request whose TCP peer
 * was loopback, which includes every visitor relayed by a reverse proxy on the same machine. Details go only
 * to a direct request from the machine itself: none that a proxy forwarded.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /readyz', () => {
  it('gives an operator on the machine, calling directly, the detailed checks', async () => {
    const res = await request(ctx.app).get('/readyz');
    expect(res.body.checks).toBeDefined();
  });

  it.each([
    ['X-Forwarded-For', '203.0.113.9'],
    ['X-Forwarded-For', '127.0.0.1'],
    ['Forwarded', 'for=203.0.113.9;proto=https'],
    ['X-Real-IP', '203.0.113.9'],
  ])('gives a request relayed by a local proxy (%s: %s) only ok / not ok', async (header, value) => {
    const res = await request(ctx.app).get('/readyz').set(header, value);
    expect(Object.keys(res.body)).toEqual(['status']);
    expect(JSON.stringify(res.body)).not.toMatch(/database|pglite|objects|chromium|soffice/i);
  });
});
