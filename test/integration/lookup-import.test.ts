import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createReadStream } from 'node:fs';
import request from 'supertest';
import { importLookupCsv, ImportFileError, type ImportCounts } from '../../db/repos/lookup-import.server.js';
import { countLookupRows, findLookupItems, findLookupRecord } from '../../db/repos/lookup.server.js';
import { LOOKUP_SEED_FILES, seedLookupData } from '../../db/seeds/lookup/seed.server.js';
import { signImportToken } from '../../server/lookup/import-token.server.js';
import { createTestApp, type TestContext } from '../helpers/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HEADER = 'ceeb,name,address_line_1,city,state,zip,country,source_id';
const counts = ({ read, inserted, updated, unchanged, rejected }: ImportCounts) => ({ read, inserted, updated, unchanged, rejected });

describe('the bundled data', () => {
  it('is in every test database (seeded into the template), all three categories', async () => {
    expect(await countLookupRows(ctx.db.knex, 'hs_ceeb')).toBe(21_434);
    expect(await countLookupRows(ctx.db.knex, 'college_ceeb')).toBe(3_989);
    expect(await countLookupRows(ctx.db.knex, 'address')).toBe(990);
  });

  it('imports again without changing anything, and reports its one bad row by line', async () => {
    const summary = await importLookupCsv(ctx.db.knex, 'hs_ceeb', createReadStream(LOOKUP_SEED_FILES.hs_ceeb));
    expect(counts(summary)).toEqual({ read: 21_435, inserted: 0, updated: 0, unchanged: 21_434, rejected: 1 });
    expect(summary.rejections).toEqual([{ line: 236, reason: 'name is required' }]);
  });
});

describe('seedLookupData (run at every start)', () => {
  it('does nothing on a seeded database, and completes only a category whose seed did not finish', async () => {
    expect(await seedLookupData(ctx.db.knex)).toEqual([]);
    const marker = await ctx.db.knex('app_meta').first('value').where({ key: 'lookup_seed' });
    const { address, ...others } = marker!.value as Record<string, unknown>;
    expect(address).toBeDefined();
    await ctx.db
      .knex('app_meta')
      .where({ key: 'lookup_seed' })
      .update({ value: JSON.stringify(others) });
    const redone = await seedLookupData(ctx.db.knex);
    expect(redone.map((s) => [s.category, s.inserted, s.unchanged])).toEqual([['address', 0, 990]]);
    expect(await seedLookupData(ctx.db.knex)).toEqual([]);
  });
});

describe('importLookupCsv', () => {
  const file = [
    HEADER,
    '990001,Test Valley High School,1 Main St,Springfield,IL,62701,US,test:1',
    '990002,"Hill, Dale & Sons Academy",,Boise,ID,83702,US,test:2',
    '990003,Lakeside High School,,Seattle,WA,98101,US,test:3',
  ].join('\n');

  it('inserts, then on a second run changes nothing, then updates only the changed row', async () => {
    expect(counts(await importLookupCsv(ctx.db.knex, 'hs_ceeb', file))).toEqual({
      read: 3,
      inserted: 3,
      updated: 0,
      unchanged: 0,
      rejected: 0,
    });
    expect(counts(await importLookupCsv(ctx.db.knex, 'hs_ceeb', file))).toEqual({
      read: 3,
      inserted: 0,
      updated: 0,
      unchanged: 3,
      rejected: 0,
    });
    const changed = file.replace('1 Main St', '2 Main St');
    expect(counts(await importLookupCsv(ctx.db.knex, 'hs_ceeb', changed))).toEqual({
      read: 3,
      inserted: 0,
      updated: 1,
      unchanged: 2,
      rejected: 0,
    });
    expect(await findLookupRecord(ctx.db.knex, 'hs_ceeb', 'ceeb:990001')).toEqual({
      id: 'ceeb:990001',
      name: 'Test Valley High School',
      address_line_1: '2 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      ceeb: '990001',
      country: 'US',
    });
    const found = await findLookupItems(ctx.db.knex, 'hs_ceeb', 'hill dale', 5);
    expect(found[0]).toMatchObject({ text: 'Hill, Dale & Sons Academy', sub_text: 'Boise, ID' });
  });

  it('reports bad rows with their line numbers, skips them and loads the rest', async () => {
    const messy = [
      HEADER, // 1
      '990101,Good One High,,Provo,UT,84601,US,test:101', // 2
      '990102,,,Provo,UT,84601,US,test:102', // 3 no name
      '990103,Too Few Fields,Provo,UT', // 4
      '990104,"Two', // 5 a quoted name over two lines: still one good row
      'Lines High",,Provo,UT,84601,US,test:104', // 6
      '', // 7 blank lines are skipped
      '990101,Same Code High,,Provo,UT,84601,US,test:105', // 8 duplicate CEEB
      '99010,Lost Zero High,,Provo,UT,84601,US,test:106', // 9
      '990107,Bad State High,,Provo,Utah,84601,US,test:107', // 10
      '990108,Last Good High,,Provo,UT,84601,US,test:108', // 11
    ].join('\n');
    const reported: number[] = [];
    const summary = await importLookupCsv(ctx.db.knex, 'hs_ceeb', messy, { onReject: (r) => reported.push(r.line) });
    expect(counts(summary)).toEqual({ read: 8, inserted: 3, updated: 0, unchanged: 0, rejected: 5 });
    expect(summary.rejections).toEqual([
      { line: 3, reason: 'name is required' },
      { line: 4, reason: 'expected 8 fields, found 4' },
      { line: 8, reason: 'duplicate ceeb 990101 (first on line 2)' },
      { line: 9, reason: 'ceeb must be the 6-digit high school code (got "99010")' },
      { line: 10, reason: 'state must be a two-letter code (got "Utah")' },
    ]);
    expect(reported).toEqual([3, 4, 8, 9, 10]);
    expect((await findLookupRecord(ctx.db.knex, 'hs_ceeb', 'ceeb:990104'))?.name).toBe('Two Lines High');
  });

  it('reports broken CSV quoting as a rejected row instead of failing the file', async () => {
    const broken = [HEADER, '990201,Fine High,,Provo,UT,84601,US,test:201', '990202,"Bad "quote" High,,Provo,UT,84601,US,test:202'].join(
      '\n',
    );
    const summary = await importLookupCsv(ctx.db.knex, 'hs_ceeb', broken);
    expect(summary.inserted).toBe(1);
    expect(summary.rejections).toEqual([{ line: 3, reason: expect.stringMatching(/^not valid CSV: Invalid Closing Quote/) }]);
  });

  it('refuses a file whose header lacks columns, writing nothing', async () => {
    const before = await countLookupRows(ctx.db.knex, 'address');
    const wrong = ['street,city,state,zip', '1 Main St,Provo,UT,84601'].join('\n');
    await expect(importLookupCsv(ctx.db.knex, 'address', wrong)).rejects.toThrow(ImportFileError);
    await expect(importLookupCsv(ctx.db.knex, 'address', wrong)).rejects.toThrow(/address_line_1, address_line_2, country, source_id/);
    await expect(importLookupCsv(ctx.db.knex, 'address', '')).rejects.toThrow(/empty/);
    expect(await countLookupRows(ctx.db.knex, 'address')).toBe(before);
  });

  it('reports progress after every batch', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => `,Progress College ${i},,Provo,UT,84601,US,test:p${i}`);
    const seen: number[] = [];
    await importLookupCsv(ctx.db.knex, 'college_ceeb', [HEADER, ...rows].join('\n'), {
      batchSize: 10,
      onProgress: (c) => seen.push(c.read),
    });
    expect(seen).toEqual([10, 20, 25]);
  });
});

describe('POST /lookup/admin/import (the running server imports for `npm run lookup:import`)', () => {
  const csv = [HEADER, '990301,Admin Import High,,Ogden,UT,84401,US,test:301', '990302,,,Ogden,UT,84401,US,test:302'].join('\n');
  const post = (token: string | null) => {
    const req = request(ctx.app).post('/lookup/admin/import?category=hs_ceeb').set('Content-Type', 'text/csv');
    return token === null ? req.send(csv) : req.set('Authorization', `Bearer ${token}`).send(csv);
  };

  it('imports with a token signed by SESSION_SECRET and streams progress, rejections and the summary', async () => {
    const res = await post(signImportToken(ctx.config.sessionSecret, 'hs_ceeb', ctx.clock.now));
    expect(res.status).toBe(200);
    const lines = res.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toContainEqual({ rejected: { line: 3, reason: 'name is required' } });
    expect(lines.at(-1)).toEqual({ summary: { category: 'hs_ceeb', read: 2, inserted: 1, updated: 0, unchanged: 0, rejected: 1 } });
    expect((await findLookupRecord(ctx.db.knex, 'hs_ceeb', 'ceeb:990301'))?.city).toBe('Ogden');
  });

  it('refuses a missing, foreign or other-category token with 403', async () => {
    expect((await post(null)).status).toBe(403);
    expect((await post(signImportToken('some-other-secret-of-thirty-two-chars!!', 'hs_ceeb', ctx.clock.now))).status).toBe(403);
    expect((await post(signImportToken(ctx.config.sessionSecret, 'address', ctx.clock.now))).status).toBe(403);
  });

  it('does not exist for requests relayed by a proxy', async () => {
    const res = await post(signImportToken(ctx.config.sessionSecret, 'hs_ceeb', ctx.clock.now)).set('X-Forwarded-For', '203.0.113.9');
    expect(res.status).toBe(404);
  });
});
