import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { makePng } from '../fixtures/documents.js';
import { createUserWithSession, type TestUser } from '../helpers/users.js';
import { findDocument, replaceDocument } from '../../db/repos/documents.server.js';
import { StorageUnavailableError } from '../../platform/storage/object-store.server.js';
import { newUploadKey, outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { CONVERT_DOCUMENT_QUEUE, CONVERT_JOB_OPTIONS, GAVE_UP_MESSAGE, type ConvertDocumentData } from '../../platform/jobs/queues.js';
import { ignoreQueueErrorsFromNowOn } from '../fixtures/documents-flow.js';

/** The conversion job's failure paths, driven through pg-boss in this process. */
let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ queue: 'workers' });
  user = await createUserWithSession(ctx.db.knex, ctx.clock.now);
});
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx.queue);
  await ctx.close();
});

async function queueConversion(answerKey: string, options: Record<string, unknown> = {}): Promise<ConvertDocumentData> {
  const fileKey = newUploadKey(user.id, answerKey);
  await ctx.services.storage!.put(fileKey, makePng(), 'image/png');
  await ctx.db.knex.transaction((trx) =>
    replaceDocument(
      trx,
      { user_id: user.id, answer_key: answerKey, file_key: fileKey, file_name: 'a.png', file_size: 1, output_key: null },
      ctx.clock.now,
    ),
  );
  const data = { userId: user.id, answerKey, fileKey, outputKey: outputKeyFor(user.id, answerKey, fileKey) };
  await ctx.services.boss!.send(CONVERT_DOCUMENT_QUEUE, data, { ...CONVERT_JOB_OPTIONS, ...options });
  return data;
}

async function finalRow(answerKey: string, limitMs = 30_000) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const row = await findDocument(ctx.db.knex, user.id, answerKey);
    if (row && (row.status === 'COMPLETED' || row.status === 'FAILED')) return row;
    if (Date.now() > deadline) throw new Error(`still ${row?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('conversion job failures', () => {
  it('retries a transient store failure and then completes', async () => {
    const store = ctx.services.storage!;
    const realGet = store.get.bind(store);
    let calls = 0;
    store.get = async (key) => {
      calls += 1;
      if (calls === 1) throw new StorageUnavailableError(new Error('connection reset'));
      return realGet(key);
    };
    try {
      await queueConversion('retry_me');
      const row = await finalRow('retry_me');
      expect(row.status).toBe('COMPLETED');
      expect(row.attempts).toBe(2);
    } finally {
      store.get = realGet;
    }
  });

  it('ends FAILED once the retries are used up, never IN_PROGRESS for good', async () => {
    const store = ctx.services.storage!;
    const realHead = store.head.bind(store);
    store.head = async () => {
      throw new StorageUnavailableError(new Error('bucket gone'));
    };
    try {
      await queueConversion('gives_up', { retryLimit: 0 });
      const row = await finalRow('gives_up');
      expect(row.status).toBe('FAILED');
      expect(row.message).toBe(GAVE_UP_MESSAGE);
    } finally {
      store.head = realHead;
    }
  });

  it('does nothing for an upload that was replaced before its job ran', async () => {
    const stale = await queueConversion('replaced', { startAfter: 2 });
    const fresh = newUploadKey(user.id, 'replaced');
    await ctx.db.knex.transaction((trx) =>
      replaceDocument(
        trx,
        { user_id: user.id, answer_key: 'replaced', file_key: fresh, file_name: 'b.png', file_size: 1, output_key: null },
        ctx.clock.now,
      ),
    );
    // Wait until the stale job has run (pg-boss marks it completed), then check it changed nothing.
    for (let i = 0; ; i++) {
      const { rows } = await ctx.db.knex.raw("select state from pgboss.job where name = ? and data->>'fileKey' = ?", [
        CONVERT_DOCUMENT_QUEUE,
        stale.fileKey,
      ]);
      if (rows[0]?.state === 'completed') break;
      if (i > 150) throw new Error(`stale job still ${rows[0]?.state}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const row = await findDocument(ctx.db.knex, user.id, 'replaced');
    expect(row).toMatchObject({ file_key: fresh, status: 'UNPROCESSED', attempts: 0 });
    expect(await ctx.services.storage!.head(stale.outputKey)).toBeNull();
  });
});

describe('npm run worker', () => {
  it('refuses to open the embedded database a second time (PGlite is single-process)', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'dist', 'node', 'worker.mjs')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        NODE_ENV: 'test',
        DATA_DIR: ctx.config.dataDir,
        SESSION_SECRET: TEST_SESSION_SECRET,
      },
      encoding: 'utf8',
      timeout: 100_000, // a start on a busy 2-core machine (jest's own limit is 120 s); a bound, not a timing assertion
    });
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/npm run worker needs DATABASE_URL/);
  });
});
