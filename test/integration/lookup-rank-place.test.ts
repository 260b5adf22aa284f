import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';

/**
 * Issue 38: school suggestions rank the applicant's state first, then their city, across every stage of the search.
 * A Colorado applicant's "Palmer" listed William J Palmer High School (Colorado Springs) 9th of 10: the names
 * starting with "Palmer" (Alaska, Massachusetts, Texas, …) filled the list before names merely holding the word.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let client = 0;
function find(params: Record<string, string>) {
  return request(ctx.app)
    .get('/lookup/find')
    .query({ category: 'hs_ceeb', ...params })
    .set('X-Forwarded-For', `198.51.100.${++client % 250}`);
}
type Item = { text: string; sub_text: string };
const stateOf = (item: Item) => item.sub_text.split(', ').at(-1);

describe("school suggestions by the applicant's place (issue 38)", () => {
  it('lists William J Palmer High School first for "Palmer" from Colorado Springs, CO', async () => {
    const res = await find({ query: 'Palmer', state: 'CO', city: 'Colorado Springs', max_results: '10' });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ text: 'William J Palmer High School', sub_text: 'Colorado Springs, CO' });
  });

  it('puts every Colorado "Palmer" school before any other state\'s, in the first five too', async () => {
    for (const max of ['5', '10']) {
      const res = await find({ query: 'palmer', state: 'CO', max_results: max });
      const states = (res.body as Item[]).map(stateOf);
      expect(states.slice(0, 3)).toEqual(['CO', 'CO', 'CO']);
      expect(states.slice(3)).not.toContain('CO');
      expect((res.body as Item[]).map((i) => i.text)).toContain('William J Palmer High School');
    }
  });

  it("ranks by state before city: another state's school in a city of the same name comes after the state's", async () => {
    // Palmer, AK has schools whose names do not start with "Palmer"; a Coloradan living in a "Palmer" still sees Colorado first.
    const res = await find({ query: 'palmer', state: 'CO', city: 'Palmer', max_results: '10' });
    const states = (res.body as Item[]).map(stateOf);
    expect(states.slice(0, 3)).toEqual(['CO', 'CO', 'CO']);
  });

  it("without a state or city keeps the university's state first, as before", async () => {
    const res = await find({ query: 'alta' });
    expect(res.body[0]).toMatchObject({ text: 'Alta High School', sub_text: 'Sandy, UT' });
  });

  it('offers the in-state school first for a misspelt name (the typo-tolerant search)', async () => {
    const res = await find({ query: 'fairveiw', state: 'CO' });
    expect(res.body[0]).toMatchObject({ text: 'Fairview High School', sub_text: 'Boulder, CO' });
    // Near misses of the same name elsewhere still follow: the applicant may have moved.
    expect((res.body as Item[]).filter((i) => i.text === 'Fairview High School').length).toBeGreaterThan(1);
  });

  it('suggests no unrelated school of another state for a name that is not listed', async () => {
    const res = await find({ query: 'Zyx Home Co-op', state: 'CO', max_results: '10' });
    for (const item of res.body as Item[]) expect(stateOf(item)).toBe('CO');
  });

  it('caches searches per city: the same text from another city is answered for that city', async () => {
    const springs = await find({ query: 'Palmer', state: 'CO', city: 'Colorado Springs' });
    const monument = await find({ query: 'Palmer', state: 'CO', city: 'Monument' });
    expect(springs.body[0].text).toBe('William J Palmer High School');
    expect(monument.body[0].sub_text).toBe('Monument, CO');
  });
});
