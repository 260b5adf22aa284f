import type { TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { presign } from '../fixtures/documents-flow.js';
import { makePdf } from '../fixtures/documents.js';
import { hashPassword } from '../../server/auth/passwords.server.js';
import { outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { applicationPdfKey } from '../../workers/jobs/render-application-pdf.server.js';

/** What account-data-export-delete.test.ts and account-data-retention.test.ts share: the password and a full applicant. */
export const PASSWORD = 'a long and unusual pass phrase 27';

/** Every (table, column) that holds an account's id: any column named user_id or owner, and users.id. */
export async function rowsOf(ctx: TestContext, userId: string): Promise<string[]> {
  const columns = (await ctx.db.knex.raw(
    `select table_name, column_name from information_schema.columns where table_schema = 'public' and column_name in ('user_id', 'owner')`,
  )) as { rows: Array<{ table_name: string; column_name: string }> };
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of [...columns.rows, { table_name: 'users', column_name: 'id' }]) {
    const n = Number(((await ctx.db.knex(table).whereRaw('??::text = ?', [column, userId]).count({ n: '*' }).first()) as { n: string }).n);
    if (n > 0) found.push(`${table}.${column}: ${n}`);
  }
  const jobs = (await ctx.db.knex.raw(`select to_regclass('pgboss.job') as t`)) as { rows: Array<{ t: string | null }> };
  if (jobs.rows[0]?.t) {
    const n = (
      (await ctx.db.knex.raw(`select count(*)::int as n from pgboss.job where data::text like ?`, [`%${userId}%`])) as {
        rows: Array<{ n: number }>;
      }
    ).rows[0]!.n;
    if (n > 0) found.push(`pgboss.job: ${n}`);
  }
  return found;
}

/** An applicant with a password, answers, an uploaded and converted document, a PDF, kept answers and an outbox row. */
export async function fullApplicant(ctx: TestContext): Promise<TestUser & { upload: Buffer; fileKey: string }> {
  const user = await createLoggedInUser(ctx);
  const { knex } = ctx.db;
  const now = ctx.clock.now;
  await knex('users')
    .where({ id: user.id })
    .update({ password_hash: await hashPassword(PASSWORD) });
  await knex('applications').insert({
    user_id: user.id,
    answers: JSON.stringify({ first_name: 'Ada', last_name: 'Byron' }),
    created_at: now,
    updated_at: now,
  });
  // The key the server issues for an upload; the bytes go straight to the store (the browser's part, S3 or embedded).
  const fileKey = (await presign(ctx.app, user.cookie, 'transcript')).fields.key!;
  const upload = await makePdf();
  await ctx.services.storage.put(fileKey, upload, 'application/octet-stream');
  const outputKey = outputKeyFor(user.id, 'transcript', fileKey);
  await ctx.services.storage.put(outputKey, upload, 'application/pdf');
  await knex('document_answers').insert({
    user_id: user.id,
    answer_key: 'transcript',
    file_key: fileKey,
    file_name: 'My transcript.pdf',
    file_size: upload.length,
    status: 'COMPLETED',
    output_key: outputKey,
    created_at: now,
    updated_at: now,
  });
  await ctx.services.storage.put(applicationPdfKey(user.id, 1), Buffer.from('%PDF-1.7 application'), 'application/pdf');
  await knex('application_pdfs').insert({
    user_id: user.id,
    status: 'COMPLETED',
    generation: 1,
    answers_version: 0,
    output_key: applicationPdfKey(user.id, 1),
    requested_at: now,
    completed_at: now,
  });
  await knex('kept_answers').insert({
    token_hash: `kept-${user.id}`,
    owner: user.id,
    answers: JSON.stringify({ first_name: 'Ada' }),
    received_at: now,
  });
  await knex('carried_answers').insert({ user_id: user.id, answers: JSON.stringify({ last_name: 'Byron' }), received_at: now });
  await knex('webhook_events').insert({ type: 'test', user_id: user.id, payload: JSON.stringify({}), created_at: now });
  return { ...user, upload, fileKey };
}
