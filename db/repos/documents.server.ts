import type { Knex } from 'knex';
import { RECOMMENDATION_LETTER_PREFIX } from '../../contracts/recommendations.js';
import type { DocumentAnswer } from '../../contracts/api.js';
import { PENDING_STATUSES, type ConversionStatus } from '../../contracts/statuses.js';

export interface DocumentRow {
  user_id: string;
  answer_key: string;
  file_key: string;
  file_name: string;
  file_size: number;
  status: ConversionStatus | null;
  message: string | null;
  output_key: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
}

const TABLE = 'document_answers';

/**
 * Teachers' letters are documents too (contracts/recommendations.ts), but never the applicant's: the lists the
 * applicant's pages, their data download and their application PDF read leave them out (issue 39).
 */
const notALetter = (q: Knex.QueryBuilder) => q.whereNot('answer_key', 'like', `${RECOMMENDATION_LETTER_PREFIX}%`);

// Every function takes the session's user id and filters by it: no query reaches another applicant's rows.

export async function findDocument(knex: Knex, userId: string, answerKey: string): Promise<DocumentRow | null> {
  const row = await knex(TABLE).where({ user_id: userId, answer_key: answerKey }).first();
  return (row as DocumentRow | undefined) ?? null;
}

export async function documentAnswersFor(knex: Knex, userId: string): Promise<Record<string, DocumentAnswer>> {
  const rows = (await knex(TABLE)
    .where({ user_id: userId })
    .modify(notALetter)
    .orderBy('answer_key')
    .select('answer_key', 'file_name', 'file_size', 'status')) as Array<
    Pick<DocumentRow, 'answer_key' | 'file_name' | 'file_size' | 'status'>
  >;
  return Object.fromEntries(
    rows.map((r) => [r.answer_key, { file_name: r.file_name, file_size: r.file_size, status: r.status ?? 'NOT_ANSWERED' }]),
  );
}

/** The document answers of several applications at once (the integration feed's page), by applicant. */
export async function documentAnswersForMany(knex: Knex, userIds: readonly string[]): Promise<Map<string, Record<string, DocumentAnswer>>> {
  const out = new Map<string, Record<string, DocumentAnswer>>();
  if (userIds.length === 0) return out;
  const rows = (await knex(TABLE)
    .whereIn('user_id', userIds)
    .orderBy('answer_key')
    .select('user_id', 'answer_key', 'file_name', 'file_size', 'status')) as Array<
    Pick<DocumentRow, 'user_id' | 'answer_key' | 'file_name' | 'file_size' | 'status'>
  >;
  for (const r of rows) {
    const docs = out.get(r.user_id) ?? {};
    docs[r.answer_key] = { file_name: r.file_name, file_size: r.file_size, status: r.status ?? 'NOT_ANSWERED' };
    out.set(r.user_id, docs);
  }
  return out;
}

/** Completed conversions, for the application PDF. */
export async function convertedDocumentsFor(
  knex: Knex,
  userId: string,
): Promise<Array<{ answer_key: string; file_name: string; output_key: string }>> {
  return knex(TABLE)
    .where({ user_id: userId, status: 'COMPLETED' })
    .modify(notALetter)
    .whereNotNull('output_key')
    .orderBy('answer_key')
    .select('answer_key', 'file_name', 'output_key');
}

/**
 * Makes `fileKey` the current upload for the question with a fresh UNPROCESSED conversion, and returns
 * the row it replaced (whose objects the caller deletes), or null. Same file key again: unchanged.
 */
export async function replaceDocument(
  trx: Knex.Transaction,
  row: Pick<DocumentRow, 'user_id' | 'answer_key' | 'file_key' | 'file_name' | 'file_size' | 'output_key'>,
  now: Date,
): Promise<{ previous: DocumentRow | null; row: DocumentRow; changed: boolean }> {
  const previous =
    ((await trx(TABLE).where({ user_id: row.user_id, answer_key: row.answer_key }).forUpdate().first()) as DocumentRow | undefined) ?? null;
  if (previous && previous.file_key === row.file_key && previous.status !== null) return { previous: null, row: previous, changed: false };
  const fresh = { ...row, status: 'UNPROCESSED' as const, message: null, attempts: 0, updated_at: now };
  if (previous) await trx(TABLE).where({ user_id: row.user_id, answer_key: row.answer_key }).update(fresh);
  else await trx(TABLE).insert({ ...fresh, created_at: now });
  return {
    previous: previous && previous.file_key !== row.file_key ? previous : null,
    row: { ...fresh, created_at: previous?.created_at ?? now },
    changed: true,
  };
}

interface JobTarget {
  userId: string;
  answerKey: string;
  fileKey: string;
}

function current(knex: Knex, t: JobTarget) {
  return knex(TABLE).where({ user_id: t.userId, answer_key: t.answerKey, file_key: t.fileKey });
}

/** The job's upload is still current and not finished: claim it. False means there is nothing to do. */
export async function markInProgress(knex: Knex, t: JobTarget, now: Date): Promise<boolean> {
  const n = await current(knex, t)
    .whereIn('status', PENDING_STATUSES)
    .update({ status: 'IN_PROGRESS', attempts: knex.raw('attempts + 1'), updated_at: now });
  return n > 0;
}

export async function markCompleted(knex: Knex, t: JobTarget, outputKey: string, now: Date): Promise<boolean> {
  const n = await current(knex, t)
    .whereIn('status', PENDING_STATUSES)
    .update({ status: 'COMPLETED', message: null, output_key: outputKey, updated_at: now });
  return n > 0;
}

export async function markFailed(knex: Knex, t: JobTarget, message: string, now: Date): Promise<boolean> {
  const n = await current(knex, t).whereIn('status', PENDING_STATUSES).update({ status: 'FAILED', message, updated_at: now });
  return n > 0;
}

/** Forgets the conversion but keeps the upload; returns the row as it was (its output is the caller's to delete). */
export async function clearConversion(knex: Knex, userId: string, answerKey: string, now: Date): Promise<DocumentRow | null> {
  const before = await findDocument(knex, userId, answerKey);
  if (!before) return null;
  await knex(TABLE)
    .where({ user_id: userId, answer_key: answerKey })
    .update({ status: null, message: null, output_key: null, updated_at: now });
  return before;
}

/** Deletes the document answer; returns the deleted row (its objects are the caller's to delete). */
export async function deleteDocument(knex: Knex, userId: string, answerKey: string): Promise<DocumentRow | null> {
  const [row] = (await knex(TABLE).where({ user_id: userId, answer_key: answerKey }).delete().returning('*')) as DocumentRow[];
  return row ?? null;
}
