import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../db/knex.server.js';
import { migrateLatest, pendingMigrations, rollbackAll } from '../../db/migrate.server.js';
import { MIGRATIONS } from '../../db/migrations/list.js';
import { createTestDatabase } from '../helpers/db.js';
import { TEST_TMP } from '../helpers/paths.js';
import { databaseLayerKinds } from './db-kinds.js';

const kinds = databaseLayerKinds();

describe.each(kinds)('migrations on %s', (kind) => {
  it('leave nothing pending, roll back completely and apply again', async () => {
    const db = await createTestDatabase({ kind });
    try {
      expect(await pendingMigrations(db.knex)).toEqual([]);
      await rollbackAll(db.knex);
      expect(await pendingMigrations(db.knex)).toEqual(MIGRATIONS.map(([name]) => name));
      await migrateLatest(db.knex);
      expect(await pendingMigrations(db.knex)).toEqual([]);
    } finally {
      await db.drop();
    }
  });

  it('store jsonb and count as numbers the same way', async () => {
    const db = await createTestDatabase({ kind });
    try {
      await db.knex('app_meta').insert({ key: 'list', value: JSON.stringify(['a', { b: 1 }]) });
      const row = await db.knex('app_meta').where({ key: 'list' }).first();
      expect(row.value).toEqual(['a', { b: 1 }]);
      const [counted] = await db.knex('app_meta').where({ key: 'list' }).count<{ n: number }[]>({ n: '*' });
      expect(counted!.n).toBe(1);
    } finally {
      await db.drop();
    }
  });
});

// The PGlite half of the layer (db-kinds.ts).
if (kinds.includes('pglite')) {
  describe('embedded PGlite on disk', () => {
    it('keeps data after the database is closed and reopened', async () => {
      const dir = mkdtempSync(join(TEST_TMP, 'pglite-'));
      const first = await openDatabase({ databaseUrl: null, pgliteDir: dir });
      await migrateLatest(first.knex);
      await first.knex('app_meta').insert({ key: 'kept', value: JSON.stringify({ yes: true }) });
      await first.close();
      const second = await openDatabase({ databaseUrl: null, pgliteDir: dir });
      try {
        const row = await second.knex('app_meta').where({ key: 'kept' }).first();
        expect(row.value).toEqual({ yes: true });
      } finally {
        await second.close();
      }
    });
  });
}
