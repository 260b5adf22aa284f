import { afterAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { openDatabase, type Database } from '../../db/knex.server.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { PGLITE_TEMPLATE, ROOT, TEST_TMP } from '../helpers/paths.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { LocalObjectStore } from '../../platform/storage/local-store.server.js';
import type { ObjectStore } from '../../platform/storage/object-store.server.js';
import { createObjectStore } from '../../platform/storage/create-store.server.js';
import { testConfig } from '../helpers/config.js';
import { freePort } from '../helpers/server.js';
import S3rver from 's3rver';
import { insertUser } from '../../db/repos/users.server.js';
import { newUploadKey, outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { applicationPdfKey } from '../../workers/jobs/render-application-pdf.server.js';

/**
 * Issue 27, a restore that is proven: a database with submitted applications, their documents and PDFs is backed
 * up with the built `npm run backup` command, restored with `npm run restore` into an empty database and an empty
 * store, and every application, document and PDF is there, byte for byte — on PGlite with the embedded store
 * (DATA_DIR), and on PostgreSQL with S3.
 */
const APPLICANTS = 3;

interface Filled {
  users: Array<{ id: string; reference: string; answers: Record<string, string>; keys: string[] }>;
  counts: Record<string, number>;
}

async function fill(knex: Knex, store: ObjectStore): Promise<Filled> {
  const users: Filled['users'] = [];
  const now = new Date('2026-11-02T15:00:00Z');
  for (let i = 0; i < APPLICANTS; i += 1) {
    const user = (await insertUser(knex, { username: `restored-${i}@example.edu`, password_hash: 'hash', created_at: now }))!;
    const answers = { first_name: `Ada ${i}`, last_name: 'Lovelace', essay: `Line one\nline "two" ${'é'.repeat(i)}` };
    const reference = `FA-RST${'ABC'[i]}${'XYZ'[i]}2`;
    await knex('applications').insert({
      user_id: user.id,
      answers: JSON.stringify(answers),
      version: 3,
      submitted_at: now,
      reference,
      created_at: now,
      updated_at: now,
    });
    const fileKey = newUploadKey(user.id, 'transcript');
    const outputKey = outputKeyFor(user.id, 'transcript', fileKey);
    const pdfKey = applicationPdfKey(user.id, 1);
    await store.put(fileKey, Buffer.from(`upload ${i} \u0000\u00ff`, 'latin1'), 'application/octet-stream');
    await store.put(outputKey, Buffer.from(`%PDF converted ${i}`), 'application/pdf');
    await store.put(pdfKey, Buffer.from(`%PDF application ${i}`), 'application/pdf');
    await knex('document_answers').insert({
      user_id: user.id,
      answer_key: 'transcript',
      file_key: fileKey,
      file_name: `transcript ${i}.docx`,
      file_size: 12,
      status: 'COMPLETED',
      output_key: outputKey,
      created_at: now,
      updated_at: now,
    });
    await knex('application_pdfs').insert({
      user_id: user.id,
      status: 'COMPLETED',
      generation: 1,
      answers_version: 3,
      output_key: pdfKey,
      page_count: 2,
      requested_at: now,
      completed_at: now,
    });
    await knex('staff_audit').insert({
      at: now,
      staff_email: 'reader@university.edu',
      action: 'view',
      user_id: user.id,
      detail: JSON.stringify({ n: i }),
    });
    users.push({ id: user.id, reference, answers, keys: [fileKey, outputKey, pdfKey] });
  }
  return { users, counts: await counts(knex) };
}

async function counts(knex: Knex): Promise<Record<string, number>> {
  const tables = (
    (await knex.raw(`select tablename from pg_tables where schemaname = 'public' and tablename not like 'knex_%' order by tablename`)) as {
      rows: Array<{ tablename: string }>;
    }
  ).rows;
  const out: Record<string, number> = {};
  for (const { tablename } of tables) out[tablename] = Number(((await knex(tablename).count({ n: '*' }).first()) as { n: string }).n);
  return out;
}

/** Runs a built operator command as `npm run <command>` does after its build check. */
async function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(ROOT, 'dist', 'node', `${name}.mjs`), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', SESSION_SECRET: TEST_SESSION_SECRET, LOG_LEVEL: 'silent', ...env },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

async function expectRestored(knex: Knex, store: ObjectStore, filled: Filled): Promise<void> {
  expect(await counts(knex)).toEqual(filled.counts);
  for (const user of filled.users) {
    const app = await knex('applications').where({ user_id: user.id }).first();
    expect([app.answers, app.reference, new Date(app.submitted_at).toISOString()]).toEqual([
      user.answers,
      user.reference,
      '2026-11-02T15:00:00.000Z',
    ]);
    expect(await knex('document_answers').where({ user_id: user.id }).select('file_key', 'output_key')).toEqual([
      { file_key: user.keys[0], output_key: user.keys[1] },
    ]);
    expect(await knex('application_pdfs').where({ user_id: user.id }).first('output_key', 'status')).toEqual({
      output_key: user.keys[2],
      status: 'COMPLETED',
    });
    const i = filled.users.indexOf(user);
    expect((await store.get(user.keys[0]!))?.toString('latin1')).toBe(`upload ${i} \u0000\u00ff`);
    expect((await store.get(user.keys[1]!))?.toString()).toBe(`%PDF converted ${i}`);
    expect((await store.get(user.keys[2]!))?.toString()).toBe(`%PDF application ${i}`);
  }
  // Sequences continue after the restored rows: the next audit entry gets a new id.
  await knex('staff_audit').insert({ at: new Date(), staff_email: 'x@university.edu', action: 'list', detail: '{}' });
}

const cleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const step of cleanup) await step().catch(() => undefined);
});

describe('npm run backup, then npm run restore into an empty database and store', () => {
  it('PGlite in DATA_DIR: every application, document and PDF comes back', async () => {
    const source = mkdtempSync(join(TEST_TMP, 'backup-src-'));
    const target = mkdtempSync(join(TEST_TMP, 'backup-dst-'));
    // The empty target: a copy of the migrated database before it is filled (a fresh PGlite's first start alone
    // takes ~20 s here, loading the template ~10 s).
    await (
      await openDatabase({
        databaseUrl: null,
        pgliteDir: join(source, 'pglite'),
        pgliteLoadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]),
      })
    ).close();
    cpSync(join(source, 'pglite'), join(target, 'pglite'), { recursive: true });
    const db: Database = await openDatabase({ databaseUrl: null, pgliteDir: join(source, 'pglite') });
    const filled = await fill(db.knex, new LocalObjectStore(source, TEST_SESSION_SECRET, () => new Date()));
    await db.close();
    const archive = join(source, 'backup.zip');
    const backup = await command('backup', [archive], { DATA_DIR: source });
    expect([backup.code, backup.out]).toEqual([0, expect.stringContaining(`${APPLICANTS * 3} objects`)]);
    const restore = await command('restore', [archive], { DATA_DIR: target });
    expect([restore.code, restore.out]).toEqual([0, expect.stringContaining('Restored')]);
    const restored = await openDatabase({ databaseUrl: null, pgliteDir: join(target, 'pglite') });
    cleanup.push(() => restored.close());
    await expectRestored(restored.knex, new LocalObjectStore(target, TEST_SESSION_SECRET, () => new Date()), filled);
  }, 180_000);

  // PostgreSQL whenever the run has one (DATABASE_URL, as in CI), as test/security/databases.ts does; with S3 (s3rver).
  const postgres = process.env.DATABASE_URL ? [it] : [];
  for (const test of postgres)
    test('PostgreSQL (DATABASE_URL) and S3: every application, document and PDF comes back', async () => {
      const port = await freePort();
      const s3 = new S3rver({
        port,
        address: '127.0.0.1',
        silent: true,
        directory: mkdtempSync(join(TEST_TMP, 's3rver-')),
        configureBuckets: [
          { name: 'fa-source', configs: [] },
          { name: 'fa-target', configs: [] },
        ],
      });
      await s3.run();
      cleanup.push(() => s3.close());
      const s3Env = (bucket: string) => ({
        S3_BUCKET: bucket,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_FORCE_PATH_STYLE: '1',
        S3_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      });
      const sourceDb: TestDatabase = await createTestDatabase({ kind: 'postgres' });
      const targetDb: TestDatabase = await createTestDatabase({ kind: 'postgres' });
      cleanup.push(
        () => sourceDb.drop(),
        () => targetDb.drop(),
      );
      const source = mkdtempSync(join(TEST_TMP, 'backup-pg-src-'));
      const target = mkdtempSync(join(TEST_TMP, 'backup-pg-dst-'));
      const filled = await fill(sourceDb.knex, createObjectStore(testConfig(s3Env('fa-source'))));
      const archive = join(source, 'backup.zip');
      const backup = await command('backup', [archive], { DATA_DIR: source, DATABASE_URL: sourceDb.url!, ...s3Env('fa-source') });
      expect([backup.code, backup.out]).toEqual([0, expect.stringContaining(`${APPLICANTS * 3} objects`)]);
      const restore = await command('restore', [archive], { DATA_DIR: target, DATABASE_URL: targetDb.url!, ...s3Env('fa-target') });
      expect([restore.code, restore.out]).toEqual([0, expect.stringContaining('Restored')]);
      const targetStore = createObjectStore(testConfig(s3Env('fa-target')));
      await expectRestored(targetDb.knex, targetStore, filled);
      // Each object keeps its content type: a converted document and the application PDF are PDFs again.
      for (const user of filled.users) {
        expect(await Promise.all(user.keys.map(async (key) => (await targetStore.head(key))?.contentType))).toEqual([
          'application/octet-stream',
          'application/pdf',
          'application/pdf',
        ]);
      }
      // A second restore into a database that now has accounts is refused.
      const again = await command('restore', [archive], { DATA_DIR: target, DATABASE_URL: targetDb.url!, ...s3Env('fa-target') });
      expect([again.code, again.out]).toEqual([1, expect.stringContaining('already holds accounts')]);
    }, 180_000);
});
