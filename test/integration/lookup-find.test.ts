import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createLogger } from '../../platform/logger.server.js';
import { LOOKUP_RATE_LIMIT } from '../../server/lookup/routes.server.js';
import { createTestApp, type TestContext } from '../helpers/app.js';

// Runs on PGlite by default and on PostgreSQL with DATABASE_URL; the test template carries the seed data.
let ctx: TestContext;
const logLines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp({ logger: createLogger('error', sink) });
});
afterAll(() => ctx.close());

let client = 0;
/** Each call looks like another visitor (the app trusts X-Forwarded-For from loopback), so the rate limit stays out of the way. */
function find(params: Record<string, string | string[]>) {
  return request(ctx.app)
    .get('/lookup/find')
    .query(params)
    .set('X-Forwarded-For', `198.51.100.${++client % 250}`);
}

describe('GET /lookup/find?query= (§7)', () => {
  it('finds Alta High School in Sandy, UT among the first five for "alta"', async () => {
    const res = await find({ query: 'alta', category: 'hs_ceeb' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(5);
    expect(res.body).toContainEqual(expect.objectContaining({ text: 'Alta High School', sub_text: 'Sandy, UT', name: 'Alta High School' }));
    for (const item of res.body) expect(Object.keys(item).sort()).toEqual(['id', 'name', 'sub_text', 'text']);
  });

  it('forgives the typo "alta hgih"', async () => {
    const res = await find({ query: 'alta hgih', category: 'hs_ceeb' });
    expect(res.body.slice(0, 5)).toContainEqual(expect.objectContaining({ text: 'Alta High School', sub_text: 'Sandy, UT' }));
  });

  it('puts names starting with the text first, then names holding every word', async () => {
    const prefix = await find({ query: 'alta', category: 'hs_ceeb' });
    expect(prefix.body.every((i: { text: string }) => i.text.toLowerCase().startsWith('alta'))).toBe(true);
    const words = await find({ query: 'lincoln high lincoln ne', category: 'hs_ceeb' });
    expect(words.body[0]).toMatchObject({ text: 'Lincoln High School', sub_text: 'Lincoln, NE' });
  });

  it('ignores case, punctuation and apostrophes ("ST. MARYS" finds St Mary\'s)', async () => {
    const res = await find({ query: 'ST. MARYS', category: 'hs_ceeb' });
    expect(res.body.length).toBe(5);
    for (const item of res.body) expect(item.text).toMatch(/^St\.? Mary'?s/i);
  });

  it('searches colleges and addresses in their own categories', async () => {
    const college = await find({ query: 'harvard', category: 'college_ceeb' });
    expect(college.body[0]).toMatchObject({ text: 'Harvard University', sub_text: 'Cambridge, MA' });
    const address = await find({ query: '281 w warner', category: 'address' });
    expect(address.body[0]).toMatchObject({ text: '281 W WARNER RD', sub_text: 'Gilbert, AZ 85233', address_line_1: '281 W WARNER RD' });
    const addressesOnly = await find({ query: 'alta high', category: 'address' });
    for (const item of addressesOnly.body) expect(item).not.toHaveProperty('name');
  });

  it('returns at most max_results (default 5, capped at 10)', async () => {
    expect((await find({ query: 'high', category: 'hs_ceeb', max_results: '2' })).body).toHaveLength(2);
    expect((await find({ query: 'high', category: 'hs_ceeb', max_results: '500' })).body).toHaveLength(10);
    expect((await find({ query: 'high', category: 'hs_ceeb', max_results: 'lots' })).body).toHaveLength(5);
    expect((await find({ query: 'high', category: 'hs_ceeb', max_results: '0' })).body).toHaveLength(1);
  });

  it('lets browsers cache results for an hour', async () => {
    const res = await find({ query: 'alta', category: 'hs_ceeb' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('GET /lookup/find?id= (§7)', () => {
  it('returns the full school record by the key names of the school block', async () => {
    const list = await find({ query: 'alta', category: 'hs_ceeb' });
    const alta = list.body.find((i: { text: string; sub_text: string }) => i.text === 'Alta High School' && i.sub_text === 'Sandy, UT');
    const res = await find({ id: alta.id, category: 'hs_ceeb' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: alta.id,
      name: 'Alta High School',
      address_line_1: '',
      city: 'Sandy',
      state: 'UT',
      zip: '84094',
      ceeb: '450402',
      country: 'US',
    });
  });

  it('returns a private school with its street address, and an address by the address block keys', async () => {
    const school = await find({ query: 'notre dame preparatory scottsdale', category: 'hs_ceeb' });
    const record = await find({ id: school.body[0].id, category: 'hs_ceeb' });
    expect(record.body).toMatchObject({ address_line_1: expect.stringMatching(/\S/), ceeb: expect.stringMatching(/^\d{6}$/) });

    const list = await find({ query: '281 w warner', category: 'address' });
    const res = await find({ id: list.body[0].id, category: 'address' });
    expect(res.body).toEqual({
      id: list.body[0].id,
      address_line_1: '281 W WARNER RD',
      address_line_2: '',
      city: 'Gilbert',
      state: 'AZ',
      zip: '85233',
      country: 'US',
    });
  });

  it('keeps every CEEB code of a school the crosswalk lists twice', async () => {
    const res = await find({ query: 'mesa high school mesa az', category: 'hs_ceeb', max_results: '10' });
    const mesa = res.body.filter((i: { text: string; sub_text: string }) => i.text === 'Mesa High School' && i.sub_text === 'Mesa, AZ');
    const codes = await Promise.all(mesa.map(async (i: { id: string }) => (await find({ id: i.id, category: 'hs_ceeb' })).body.ceeb));
    expect(codes.sort()).toEqual(['030220', '030617']);
  });

  it('answers [] for an unknown or malformed id, or an id of another category', async () => {
    const list = await find({ query: 'alta', category: 'hs_ceeb' });
    for (const params of [
      { id: 'ceeb:999999', category: 'hs_ceeb' },
      { id: "ceeb:450402' or '1'='1", category: 'hs_ceeb' },
      { id: list.body[0].id, category: 'college_ceeb' },
      { id: list.body[0].id, category: 'address' },
    ]) {
      const res = await find(params);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('input that cannot match', () => {
  it('answers [] with 200 for an unknown, missing or repeated category', async () => {
    const cases: Array<Record<string, string | string[]>> = [
      { query: 'alta', category: 'nope' },
      { query: 'alta' },
      { query: 'alta', category: ['hs_ceeb', 'address'] },
    ];
    for (const params of cases) {
      const res = await find(params);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('answers [] for an empty or repeated query', async () => {
    expect((await find({ query: '   ', category: 'hs_ceeb' })).body).toEqual([]);
    expect((await find({ category: 'hs_ceeb' })).body).toEqual([]);
    expect((await find({ query: ['alta', 'high'], category: 'hs_ceeb' })).body).toEqual([]);
  });

  it('treats quotes, %, _, backslashes and SQL fragments as plain text', async () => {
    const hostile = [
      "'",
      '"',
      '%',
      '_',
      '\\',
      '%%%',
      "alta' --",
      "'; drop table lookup_school; --",
      "%' or '1'='1",
      'a_ta',
      'x'.repeat(5000),
      'alta) union select * from users --',
    ];
    for (const query of hostile) {
      const res = await find({ query, category: 'hs_ceeb' });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body.length).toBeLessThanOrEqual(5);
    }
    // A NUL byte is refused before any query runs (issue 23 finding 10): a 400 that says why.
    const nul = await find({ query: '\u0000alta', category: 'hs_ceeb' });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toMatch(/NUL/);
    // Wildcards match themselves, not everything.
    for (const query of ['%', '_', '%%%', '\\']) expect((await find({ query, category: 'hs_ceeb' })).body).toEqual([]);
    expect((await find({ query: 'a_ta', category: 'hs_ceeb' })).body).not.toContainEqual(
      expect.objectContaining({ text: 'Alta High School' }),
    );
    const count = await ctx.db.knex('lookup_school').count<{ n: number }[]>({ n: '*' }).first();
    expect(Number(count!.n)).toBeGreaterThan(25_000);
  });
});

describe('failures (§7: an empty list, never a 500)', () => {
  it('answers [] with 200 and logs the error when the database fails', async () => {
    await ctx.db.knex.raw('alter table lookup_school rename to lookup_school_away');
    try {
      // A text no earlier test searched, so no cached answer stands in for the database.
      const res = await find({ query: 'sandy creek', category: 'hs_ceeb' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(logLines.join('')).toMatch(/lookup failed/);
    } finally {
      await ctx.db.knex.raw('alter table lookup_school_away rename to lookup_school');
    }
  });
});

describe('rate limit', () => {
  it(`refuses more than ${LOOKUP_RATE_LIMIT} searches a minute from one address with 429 and Retry-After, and no one else`, async () => {
    const from = (ip: string) => request(ctx.app).get('/lookup/find').query({ query: 'x', category: 'nope' }).set('X-Forwarded-For', ip);
    for (let i = 0; i < LOOKUP_RATE_LIMIT; i++) expect((await from('203.0.113.7')).status).toBe(200);
    const refused = await from('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/wait a moment/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await from('203.0.113.8')).status).toBe(200);
    ctx.clock.advance(60_000);
    expect((await from('203.0.113.7')).status).toBe(200);
  });
});
