import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runLookupImport, USAGE, type Output } from '../../server/cli/lookup-import-run.server.js';
import type { Config } from '../../platform/config.server.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { testConfig } from '../helpers/config.js';
import { waitForLookupData } from '../helpers/lookup-data.js';
import { TEST_TMP } from '../helpers/paths.js';
import { freePort, startServer, type RunningServer } from '../helpers/server.js';

const HEADER = 'ceeb,name,address_line_1,city,state,zip,country,source_id';

function capture(): Output & { text(): string } {
  const lines: string[] = [];
  return { out: (l) => lines.push(l), err: (l) => lines.push(l), text: () => lines.join('\n') };
}

function csvFile(name: string, rows: string[]): string {
  const dir = mkdtempSync(join(TEST_TMP, 'lookup-cli-'));
  const file = join(dir, name);
  writeFileSync(file, [HEADER, ...rows].join('\n'));
  return file;
}

const file = csvFile('schools.csv', [
  '990401,Command Line High,,Logan,UT,84321,US,test:401',
  '990402,,,Logan,UT,84321,US,test:402',
  '990403,Second Command High,,Logan,UT,84321,US,test:403',
]);

describe('npm run lookup:import, with no server running', () => {
  let db: TestDatabase | null = null;
  let config: Config;
  beforeAll(async () => {
    // PostgreSQL when the suite runs with DATABASE_URL, else an embedded database in a fresh DATA_DIR.
    if (process.env.DATABASE_URL) db = await createTestDatabase();
    config = testConfig({ PORT: String(await freePort()), ...(db?.url ? { DATABASE_URL: db.url } : {}) });
  });
  afterAll(() => db?.drop());

  it('imports, prints the counts and the bad row with its line, and a second run changes nothing', async () => {
    const first = capture();
    expect(await runLookupImport(['hs_ceeb', file], config, first)).toBe(0);
    expect(first.text()).toContain('line 3: name is required');
    expect(first.text()).toContain('hs_ceeb: 3 rows read: 2 inserted, 0 updated, 0 unchanged, 1 rejected');
    const second = capture();
    expect(await runLookupImport(['--', 'hs_ceeb', file], config, second)).toBe(0);
    expect(second.text()).toContain('hs_ceeb: 3 rows read: 0 inserted, 0 updated, 2 unchanged, 1 rejected');
  }, 60_000);

  it('explains its usage, a missing file and a wrong header with exit code 1', async () => {
    const out = capture();
    expect(await runLookupImport(['schools', file], config, out)).toBe(1);
    expect(await runLookupImport(['hs_ceeb'], config, out)).toBe(1);
    expect(out.text()).toContain(USAGE);
    expect(await runLookupImport(['hs_ceeb', '/nonexistent.csv'], config, out)).toBe(1);
    expect(out.text()).toContain('No such file: /nonexistent.csv');
    expect(await runLookupImport(['address', file], config, out)).toBe(1);
    expect(out.text()).toMatch(/header lacks the column\(s\) address_line_2/);
  }, 60_000);
});

describe('npm run lookup:import while `npm start` holds the embedded database', () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(TEST_TMP, 'lookup-cli-server-'));
    // The run's migrated and seeded embedded database (a first start's seeding: test/security/fresh-clone-start.test.ts).
    server = await startServer({ dataDir, embeddedDatabase: 'template' });
    await waitForLookupData(server.url);
  }, 120_000);
  afterAll(() => server?.stop());

  it('hands the file to the server, which imports it over its own session', async () => {
    const config = testConfig({ DATA_DIR: dataDir, PORT: String(server.port) });
    const out = capture();
    expect(await runLookupImport(['hs_ceeb', file], config, out)).toBe(0);
    expect(out.text()).toContain(`through the server running on port ${server.port}`);
    expect(out.text()).toContain('line 3: name is required');
    expect(out.text()).toContain('hs_ceeb: 3 rows read: 2 inserted, 0 updated, 0 unchanged, 1 rejected');
    const res = await fetch(`${server.url}/lookup/find?id=ceeb:990401&category=hs_ceeb`);
    expect(await res.json()).toMatchObject({ name: 'Command Line High', city: 'Logan', ceeb: '990401' });
  }, 60_000);

  it('refuses to open the database itself when the server that holds it is not on its PORT', async () => {
    const config = testConfig({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    const out = capture();
    expect(await runLookupImport(['hs_ceeb', file], config, out)).toBe(2);
    expect(out.text()).toMatch(/in use by process \d+/);
    expect(out.text()).toMatch(/stop the server, or use DATABASE_URL/);
    const res = await fetch(`${server.url}/lookup/find?query=alta&category=hs_ceeb`);
    expect(await res.json()).toContainEqual(expect.objectContaining({ text: 'Alta High School' }));
  }, 60_000);
});
