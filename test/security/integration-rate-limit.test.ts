import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import * as integration from '../../server/integration/routes.server.js';

/** The budget the server declares (a namespace import, so the test reads as a failure, not a missing export, on code without one). */
const INTEGRATION_RATE_LIMIT: { max: number; windowMs: number } = (
  integration as { INTEGRATION_RATE_LIMIT?: { max: number; windowMs: number } }
).INTEGRATION_RATE_LIMIT ?? { max: 60, windowMs: 60_000 };

/**
 * Issue 23 finding 12: the integration API had no rate limit (300 full pulls of 500 applications in 2.3 s).
 * Each client key gets a budget of requests per window; past it, 429 with Retry-After, and other clients
 * are not affected.
 */
let ctx: TestContext;
const keys: Record<string, string> = {};

async function createKey(name: string): Promise<string> {
  const result = await runClientCommand(ctx.db.knex, { action: 'create', name }, ctx.services.now());
  if (!result.ok) throw new Error(result.message);
  return result.lines[1]!;
}
const pull = (key: string) =>
  request(ctx.app).get('/integration/v1/applications').query({ limit: '500' }).set('Authorization', `Bearer ${key}`);

beforeAll(async () => {
  ctx = await createTestApp();
  keys.crm = await createKey('crm');
  keys.other = await createKey('other');
});
afterAll(() => ctx.close());

describe('the integration API per client key', () => {
  it('answers 429 with Retry-After once a key has used its budget, then again after the window', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < INTEGRATION_RATE_LIMIT.max + 5; i += 1) statuses.push((await pull(keys.crm!)).status);
    expect(statuses.slice(0, INTEGRATION_RATE_LIMIT.max).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(INTEGRATION_RATE_LIMIT.max)).toEqual([429, 429, 429, 429, 429]);
    const refused = await pull(keys.crm!);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(INTEGRATION_RATE_LIMIT.windowMs / 1000);
    expect(refused.body.message).toMatch(/too many requests/i);
    // The PDF endpoint shares the budget.
    expect(
      (
        await request(ctx.app)
          .get(`/integration/v1/applications/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/pdf`)
          .set('Authorization', `Bearer ${keys.crm}`)
      ).status,
    ).toBe(429);

    // Another client is not slowed down by this one.
    expect((await pull(keys.other!)).status).toBe(200);

    ctx.clock.advance(INTEGRATION_RATE_LIMIT.windowMs + 1000);
    expect((await pull(keys.crm!)).status).toBe(200);
  });
});
