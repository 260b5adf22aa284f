import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { TEST_TMP } from '../helpers/paths.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { LocalObjectStore } from '../../platform/storage/local-store.server.js';
import { BACKUP_FORMAT, restoreBackup } from '../../server/backup/archive.server.js';

/**
 * Issue 35 finding 14: a restore wrote each object as the archive reached it, inside the database transaction;
 * when the database part then failed (a row refused, the archive short of objects) the rows were rolled back
 * but the objects stayed in the store. Objects are now written only after the rows have committed.
 */
let db: TestDatabase;
let store: LocalObjectStore;
const EXISTING = 'users/00000000-0000-4000-8000-000000000001/kept.pdf';
const RESTORED = 'users/00000000-0000-4000-8000-000000000002/transcript.pdf';

beforeAll(async () => {
  db = await createTestDatabase();
  store = new LocalObjectStore(mkdtempSync(join(TEST_TMP, 'restore-store-')), TEST_SESSION_SECRET, () => new Date());
  await store.put(EXISTING, Buffer.from('%PDF already here'), 'application/pdf');
}, 60_000);
afterAll(() => db?.drop());

/** An archive as writeBackup makes one, with the given rows of `users` placed before or after its one object. */
async function archive(options: { userRows: string[]; rowsAfterObjects: boolean; objectsClaimed: number }): Promise<string> {
  const migrations = ((await db.knex('knex_migrations').orderBy('id').select('name')) as Array<{ name: string }>).map((r) => r.name);
  const manifest = {
    format: BACKUP_FORMAT,
    created_at: new Date().toISOString(),
    migrations,
    tables: [{ name: 'users', rows: options.userRows.length, parts: 1 }],
    objects: options.objectsClaimed,
  };
  const zip = new yazl.ZipFile();
  const file = join(mkdtempSync(join(TEST_TMP, 'restore-archive-')), 'backup.zip');
  const written = pipeline(zip.outputStream, createWriteStream(file));
  zip.addBuffer(Buffer.from(JSON.stringify(manifest)), 'manifest.json');
  const rows = () => zip.addBuffer(Buffer.from(`${options.userRows.join('\n')}\n`), 'db/users/00000.jsonl');
  if (!options.rowsAfterObjects) rows();
  zip.addBuffer(Buffer.from('%PDF restored'), `objects/${RESTORED}`);
  if (options.rowsAfterObjects) rows();
  zip.end();
  await written;
  return file;
}

const goodUser = JSON.stringify({
  id: '00000000-0000-4000-8000-000000000002',
  username: 'restored@example.edu',
  password_hash: 'hash',
  created_at: '2026-11-02T15:00:00Z',
});
const keys = async () => (await store.list('')).sort();

describe('a restore whose database part fails', () => {
  it.each([
    [
      'a row the database refuses, after the object in the archive',
      { userRows: ['{"id":"not a uuid","username":"x"}'], rowsAfterObjects: true, objectsClaimed: 1 },
    ],
    ['an archive short of the objects its manifest names', { userRows: [goodUser], rowsAfterObjects: false, objectsClaimed: 2 }],
  ])('leaves the object store as it was: %s', async (_what, options) => {
    const file = await archive(options);
    await expect(restoreBackup(db.knex, store, file)).rejects.toThrow();
    expect(await keys()).toEqual([EXISTING]);
    expect(await db.knex('users').where({ username: 'restored@example.edu' }).first()).toBeUndefined();
  });

  it('and a whole one writes its rows, then its objects', async () => {
    const file = await archive({ userRows: [goodUser], rowsAfterObjects: false, objectsClaimed: 1 });
    await restoreBackup(db.knex, store, file);
    expect(await keys()).toEqual([EXISTING, RESTORED].sort());
    expect((await store.get(RESTORED))?.toString()).toBe('%PDF restored');
    expect(await db.knex('users').where({ username: 'restored@example.edu' }).first()).toBeDefined();
  });
});
