import type { Knex } from 'knex';
import { PENDING_STATUSES, type ConversionStatus } from '../../contracts/statuses.js';

export interface ApplicationPdfRow {
  user_id: string;
  status: ConversionStatus;
  generation: number;
  answers_version: number;
  output_key: string | null;
  message: string | null;
  page_count: number | null;
  requested_at: Date;
  completed_at: Date | null;
}

export interface PdfJobTarget {
  userId: string;
  generation: number;
}

export async function findApplicationPdf(knex: Knex, userId: string): Promise<ApplicationPdfRow | null> {
  return ((await knex('application_pdfs').where({ user_id: userId }).first()) as ApplicationPdfRow | undefined) ?? null;
}

/**
 * The application's answers version and answers with its PDF state, in one query (GET /api/pdf is polled
 * every second while the PDF is made). Null when the applicant has no application row yet.
 */
export async function findApplicationWithPdf(
  knex: Knex,
  userId: string,
): Promise<{ version: number; answers: Record<string, string | boolean>; pdf: ApplicationPdfRow | null } | null> {
  const row = (await knex('applications as a')
    .leftJoin('application_pdfs as p', 'p.user_id', 'a.user_id')
    .where('a.user_id', userId)
    .first('a.version as application_version', 'a.answers as application_answers', 'p.*')) as
    (ApplicationPdfRow & { application_version: number; application_answers: Record<string, string | boolean> }) | undefined;
  if (!row) return null;
  const { application_version: version, application_answers: answers, ...pdf } = row;
  // A left join without a PDF row gives nulls in every p column, user_id included.
  return { version, answers, pdf: pdf.user_id ? pdf : null };
}

/** Starts a new generation (UNPROCESSED) and returns its number; older jobs' results are ignored. */
export async function requestApplicationPdf(knex: Knex, userId: string, answersVersion: number, now: Date): Promise<number> {
  const rows = (await knex('application_pdfs')
    .insert({ user_id: userId, status: 'UNPROCESSED', generation: 1, answers_version: answersVersion, requested_at: now })
    .onConflict('user_id')
    .merge({
      status: 'UNPROCESSED',
      generation: knex.raw('application_pdfs.generation + 1'),
      answers_version: answersVersion,
      message: null,
      requested_at: now,
      completed_at: null,
    })
    .returning('generation')) as Array<{ generation: number }>;
  return rows[0]!.generation;
}

/** Records an immediate failure (e.g. no Chromium) without a job. */
export async function failApplicationPdfNow(knex: Knex, userId: string, answersVersion: number, message: string, now: Date): Promise<void> {
  await knex('application_pdfs')
    .insert({
      user_id: userId,
      status: 'FAILED',
      generation: 1,
      answers_version: answersVersion,
      message,
      requested_at: now,
      completed_at: now,
    })
    .onConflict('user_id')
    .merge({
      status: 'FAILED',
      generation: knex.raw('application_pdfs.generation + 1'),
      answers_version: answersVersion,
      message,
      requested_at: now,
      completed_at: now,
    });
}

function current(knex: Knex, t: PdfJobTarget) {
  return knex('application_pdfs').where({ user_id: t.userId, generation: t.generation });
}

export async function markPdfInProgress(knex: Knex, t: PdfJobTarget): Promise<boolean> {
  return (await current(knex, t).whereIn('status', PENDING_STATUSES).update({ status: 'IN_PROGRESS' })) > 0;
}

export async function markPdfCompleted(knex: Knex, t: PdfJobTarget, outputKey: string, pageCount: number, now: Date): Promise<boolean> {
  return (
    (await current(knex, t)
      .whereIn('status', PENDING_STATUSES)
      .update({ status: 'COMPLETED', output_key: outputKey, page_count: pageCount, completed_at: now })) > 0
  );
}

export async function markPdfFailed(knex: Knex, t: PdfJobTarget, message: string, now: Date): Promise<boolean> {
  return (await current(knex, t).whereIn('status', PENDING_STATUSES).update({ status: 'FAILED', message, completed_at: now })) > 0;
}

/**
 * Whether the stored PDF (or the rendering under way) is of the current application: the same answers, and
 * no document converted after it was requested. A counselor's transcript arrives after submission without
 * changing the answers; without the second check the staff PDF and the ZIP kept the one rendered before it.
 */
export async function pdfIsCurrent(
  knex: Knex,
  userId: string,
  answersVersion: number,
  pdf: Pick<ApplicationPdfRow, 'answers_version' | 'requested_at'>,
): Promise<boolean> {
  if (pdf.answers_version !== answersVersion) return false;
  const newer = await knex('document_answers')
    .where({ user_id: userId, status: 'COMPLETED' })
    .where('updated_at', '>', pdf.requested_at)
    .first('answer_key');
  return !newer;
}
