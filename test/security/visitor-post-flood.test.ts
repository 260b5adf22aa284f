import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { POST_FIELDS } from '../../contracts/form-post.js';
import { KEPT_ANSWERS_DAYS } from '../../db/repos/kept-answers.server.js';
import { KEPT_ROWS_LIMIT, VISITOR_POST_LIMIT } from '../../server/auth/limits.server.js';

/**
 * Issue 23 finding 4: 1,500 anonymous `POST /about` with 10 fields of 7,000 characters were all answered 303 and
 * the database grew from 90 to 281 MB, the rows kept for 7 days. Visitor posts are now limited per address,
 * capped in size and in rows, and expired rows are purged. The flood here is the limit and 100 more: every post past
 * the limit is a 429 however long the flood goes on, so 1,500 would only repeat the last 100.
 */
let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'preferred_name',
  'address_line_1',
  'address_line_2',
  'city',
  'zip',
  'parent_first_name',
  'parent_last_name',
];
const PAST_THE_LIMIT = 100;
/** A few MB: what the whole flood may add to the database at most. */
const FEW_MB = 3 * 1024 * 1024;

async function keptSize(): Promise<{ bytes: number; rows: number }> {
  const size = (await ctx.db.knex.raw(
    `select pg_total_relation_size('kept_answers')::bigint as bytes, (select count(*) from kept_answers)::int as rows`,
  )) as { rows: Array<{ bytes: string | number; rows: number }> };
  return { bytes: Number(size.rows[0]!.bytes), rows: Number(size.rows[0]!.rows) };
}

/** Posts `count` anonymous pages (no cookie: each a new browser), stopping early once the table has grown too much. */
async function flood(count: number, characters: number): Promise<{ statuses: Map<number, number>; grew: number; rows: number }> {
  const before = await keptSize();
  const statuses = new Map<number, number>();
  const body = Object.fromEntries(FIELDS.map((key, i) => [key, String.fromCharCode(97 + i).repeat(characters)]));
  for (let i = 0; i < count; i += 1) {
    const res = await request(ctx.app)
      .post('/about')
      .type('form')
      .send({ ...body, [POST_FIELDS.action]: 'update:' });
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (i % 50 === 49) {
      if ((await keptSize()).bytes - before.bytes > FEW_MB) break;
    }
  }
  const after = await keptSize();
  return { statuses, grew: after.bytes - before.bytes, rows: after.rows - before.rows };
}

describe('a flood of anonymous form posts', () => {
  it('posts of 10 fields × 7,000 characters are answered 429 before the database grows by a few MB', async () => {
    const { statuses, grew } = await flood(VISITOR_POST_LIMIT.max + PAST_THE_LIMIT, 7000);
    expect(grew).toBeLessThan(FEW_MB);
    expect(statuses.get(429) ?? 0).toBeGreaterThanOrEqual(PAST_THE_LIMIT);
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
  });

  it('posts small enough to keep are capped in rows per address: 429 after a few dozen browsers', async () => {
    await ctx.db.knex('rate_limits').delete();
    const { statuses, grew, rows } = await flood(KEPT_ROWS_LIMIT.max + PAST_THE_LIMIT, 2000);
    expect(rows).toBeLessThanOrEqual(KEPT_ROWS_LIMIT.max);
    expect(grew).toBeLessThan(FEW_MB);
    expect(statuses.get(429) ?? 0).toBeGreaterThanOrEqual(PAST_THE_LIMIT);
    const refused = await request(ctx.app)
      .post('/about')
      .type('form')
      .send({ first_name: 'Late', [POST_FIELDS.action]: 'update:' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('purges kept answers once they have expired', async () => {
    await ctx.db.knex('rate_limits').delete();
    const old = new Date(ctx.services.now().getTime() - (KEPT_ANSWERS_DAYS + 1) * 86_400_000);
    await ctx.db.knex('kept_answers').update({ received_at: old });
    expect((await keptSize()).rows).toBeGreaterThan(0);
    const res = await request(ctx.app)
      .post('/about')
      .type('form')
      .send({ first_name: 'Fresh', [POST_FIELDS.action]: 'update:' });
    expect(res.status).toBe(303);
    const left = await ctx.db.knex('kept_answers').where('received_at', '<=', old).count<{ count: number }[]>('* as count');
    expect(Number(left[0]!.count)).toBe(0);
  });
});
