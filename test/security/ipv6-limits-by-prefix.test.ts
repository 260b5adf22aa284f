import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { IP_LIMITS } from '../../server/auth/limits.server.js';

/**
 * Issue 35 finding 10: per-IP limits counted each IPv6 address apart, so one client holding a /64 (as every home
 * and phone subscriber does) got a fresh allowance with every address it picked. The test app trusts its loopback
 * peer as a proxy (TRUST_PROXY's default), so X-Forwarded-For names the visitor.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const reset = (visitor: string) =>
  request(ctx.app)
    .post('/public/reset-password')
    .set('X-Forwarded-For', visitor)
    .send({ username: 'nobody@example.edu', password: 'Not-Used-Here-1', id: 'not-a-reset-id' });

describe('a per-IP limit over IPv6', () => {
  it('gives every address of one /64 one allowance, and another /64 its own', async () => {
    const statuses: number[] = [];
    // A new address of the same /64 for every request.
    for (let i = 1; i <= IP_LIMITS.reset.max; i++) statuses.push((await reset(`2001:db8:35:10:${i.toString(16)}::${i}`)).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const over = await reset('2001:db8:35:10:abcd:ef01:2345:6789');
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/Too many requests from your network/);
    // The neighbouring /64 is another subscriber.
    expect((await reset('2001:db8:35:11::1')).status).not.toBe(429);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    for (let i = 0; i < IP_LIMITS.reset.max; i++) await reset('198.51.100.35');
    expect((await reset('::ffff:198.51.100.35')).status).toBe(429);
  });
});
