import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { up as cleanPlaceholders } from '../../db/migrations/097_lookup_placeholders.js';
import { isPlaceholder } from '../../db/repos/lookup-rows.js';

// Issue 26: placeholders never reach an applicant's answers, and the applicant's state ranks first.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let client = 0;
function find(params: Record<string, string>) {
  return request(ctx.app)
    .get('/lookup/find')
    .query(params)
    .set('X-Forwarded-For', `198.51.100.${++client % 250}`);
}

const ADDRESS_COLUMNS = ['address_line_1', 'address_line_2', 'city', 'state', 'zip', 'country'];
const SCHOOL_COLUMNS = ['ceeb', 'name', 'address_line_1', 'city', 'state', 'zip', 'country'];

describe('clean lookups (issue 26)', () => {
  it('no stored lookup record holds "NA" (or another placeholder) after seeding', async () => {
    const knex = ctx.db.knex;
    const addresses = (await knex('lookup_address').select(ADDRESS_COLUMNS)) as Array<Record<string, string>>;
    const schools = (await knex('lookup_school').select(SCHOOL_COLUMNS)) as Array<Record<string, string>>;
    expect(addresses.length).toBeGreaterThan(900);
    expect(schools.length).toBeGreaterThan(1000);
    const dirty = [...addresses, ...schools].flatMap((row) =>
      Object.entries(row).filter(([, value]) => /\bNA\b/.test(value) || (value !== '' && isPlaceholder(value))),
    );
    expect(dirty).toEqual([]);
    // The sample's "NA NA" unit of 1417 N 1550 E, Provo, is stored as no unit, and searched as such.
    const provo = await find({ query: '1417 N 1550 E', category: 'address' });
    expect(provo.body[0]).toMatchObject({ text: '1417 N 1550 E', sub_text: 'Provo, UT 84604' });
    const record = await find({ id: provo.body[0].id, category: 'address' });
    expect(record.body).toMatchObject({ address_line_1: '1417 N 1550 E', address_line_2: '' });
  });

  it('the migration clears placeholders already imported, rebuilds the keys, and drops records that are nothing but one', async () => {
    const knex = ctx.db.knex;
    await knex('lookup_address').insert([
      {
        source_id: 'test:na-1',
        address_line_1: '12 Placeholder Way',
        address_line_2: 'N/A',
        city: 'Orem',
        state: 'UT',
        zip: '84057',
        country: 'US',
        line_key: '12 placeholder way n a',
        search_key: '12 placeholder way n a orem ut 84057',
      },
      {
        source_id: 'test:na-2',
        address_line_1: 'NA',
        address_line_2: '',
        city: 'Orem',
        state: 'UT',
        zip: '84057',
        country: 'US',
        line_key: 'na',
        search_key: 'na orem ut 84057',
      },
    ]);
    await knex('lookup_school').insert({
      category: 'hs_ceeb',
      public_id: 'test:na-3',
      source_id: 'test:na-3',
      ceeb: '',
      name: 'Placeholder Academy',
      address_line_1: '-',
      city: 'n/a',
      state: 'UT',
      zip: '',
      country: 'US',
      name_key: 'placeholder academy',
      search_key: 'placeholder academy n a ut',
    });
    await cleanPlaceholders(knex);
    expect(await knex('lookup_address').first('address_line_2', 'line_key', 'search_key').where('source_id', 'test:na-1')).toEqual({
      address_line_2: '',
      line_key: '12 placeholder way',
      search_key: '12 placeholder way orem ut 84057',
    });
    expect(await knex('lookup_address').first('id').where('source_id', 'test:na-2')).toBeUndefined();
    expect(await knex('lookup_school').first('address_line_1', 'city', 'search_key').where('public_id', 'test:na-3')).toEqual({
      address_line_1: '',
      city: '',
      search_key: 'placeholder academy ut',
    });
    await knex('lookup_address').where('source_id', 'like', 'test:%').delete();
    await knex('lookup_school').where('public_id', 'like', 'test:%').delete();
  });

  it('ranks the applicant’s state first: "Lone Peak" from Utah is the school in Highland, UT, from Montana the one in Big Sky, MT', async () => {
    const utah = await find({ query: 'Lone Peak', category: 'hs_ceeb', state: 'UT' });
    const places = (body: Array<{ sub_text: string }>) => body.map((item) => item.sub_text);
    expect(places(utah.body).slice(0, 2)).toEqual(['Highland, UT', 'Big Sky, MT']);
    const montana = await find({ query: 'Lone Peak', category: 'hs_ceeb', state: 'MT' });
    expect(places(montana.body).slice(0, 2)).toEqual(['Big Sky, MT', 'Highland, UT']);
    // Without the applicant's state, the university's (Utah) leads.
    const unknown = await find({ query: 'Lone Peak', category: 'hs_ceeb' });
    expect(places(unknown.body)[0]).toBe('Highland, UT');
  });

  it('a query for "Highland" from Utah puts Utah schools first', async () => {
    const res = await find({ query: 'Highland', category: 'hs_ceeb', state: 'UT' });
    expect(res.body[0]).toMatchObject({ text: 'Highland High School', sub_text: 'Salt Lake City, UT' });
  });
});
