import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_TMP } from '../helpers/paths.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { makeDocx } from '../fixtures/documents.js';
import { createUserWithSession, type TestUser } from '../helpers/users.js';
import { findDocument, replaceDocument } from '../../db/repos/documents.server.js';
import { newUploadKey, outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { CONVERT_DOCUMENT_QUEUE, CONVERT_JOB_OPTIONS } from '../../platform/jobs/queues.js';
import { ignoreQueueErrorsFromNowOn } from '../fixtures/documents-flow.js';

/**
 * A Word file whose conversion outlasts SOFFICE_TIMEOUT_SECONDS: on a busy machine that need not be the file's
 * fault, so the job tries again while it has retries, and only the last attempt's timeout reaches the applicant.
 * LibreOffice here is a stand-in that never answers, so every attempt times out.
 */
let ctx: TestContext;
let user: TestUser;

function silentSoffice(): string {
  const path = join(mkdtempSync(join(TEST_TMP, 'soffice-silent-')), 'soffice');
  writeFileSync(path, '#!/bin/sh\nexec sleep 3600\n');
  chmodSync(path, 0o755);
  return path;
}

beforeAll(async () => {
  ctx = await createTestApp({ queue: 'workers', env: { SOFFICE_PATH: silentSoffice(), SOFFICE_TIMEOUT_SECONDS: '1' } });
  user = await createUserWithSession(ctx.db.knex, ctx.clock.now);
});
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx.queue);
  await ctx.close();
});

describe('a conversion that takes too long', () => {
  it('is tried again while the job has retries, then fails with the message that it took too long', async () => {
    const answerKey = 'slow_letter';
    const fileKey = newUploadKey(user.id, answerKey);
    await ctx.services.storage.put(fileKey, await makeDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    await ctx.db.knex.transaction((trx) =>
      replaceDocument(
        trx,
        { user_id: user.id, answer_key: answerKey, file_key: fileKey, file_name: 'letter.docx', file_size: 1, output_key: null },
        ctx.clock.now,
      ),
    );
    await ctx.services.boss.send(
      CONVERT_DOCUMENT_QUEUE,
      { userId: user.id, answerKey, fileKey, outputKey: outputKeyFor(user.id, answerKey, fileKey) },
      { ...CONVERT_JOB_OPTIONS, retryLimit: 1, retryDelay: 1, retryBackoff: false },
    );
    const deadline = Date.now() + 90_000;
    let row = await findDocument(ctx.db.knex, user.id, answerKey);
    while (row?.status !== 'FAILED' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      row = await findDocument(ctx.db.knex, user.id, answerKey);
    }
    expect(row).toMatchObject({ status: 'FAILED', attempts: 2 });
    expect(row!.message).toBe('This Word document took too long to convert. Please save it as PDF and upload that instead.');
  }, 120_000);
});
