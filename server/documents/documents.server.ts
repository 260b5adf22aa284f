import Joi from 'joi';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError, tooManyRequests } from '../../platform/http-error.server.js';
import type { PresignedPost } from '../../platform/storage/object-store.server.js';
import { withStore } from '../storage/http-errors.server.js';
import {
  clearConversion,
  deleteDocument,
  documentAnswersFor,
  findDocument,
  replaceDocument,
  type DocumentRow,
} from '../../db/repos/documents.server.js';
import { hit } from '../../db/repos/rate-limits.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { whileOpen } from '../application/open-application.server.js';
import type { Knex } from 'knex';
import {
  CONVERT_DOCUMENT_QUEUE,
  CONVERT_JOB_OPTIONS,
  GAVE_UP_MESSAGE,
  MISSING_UPLOAD_MESSAGE,
  type ConvertDocumentData,
} from '../../platform/jobs/queues.js';
import { FILE_EXTENSIONS, FILE_MAX_BYTES, FILE_MESSAGES, FILE_NAME_MAX_LENGTH, fileExtension } from '../../form/documents.js';
import type { ConversionView, DocumentAnswer } from '../../contracts/api.js';
import type { DocumentStatus } from '../../contracts/statuses.js';
import { isUploadKeyFor, newUploadKey, outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { sanitiseFileName } from './file-name.server.js';
import { takeConversionQuota } from './quotas.server.js';

/** A presigned upload is good for five minutes: enough for 1 MB on a slow phone, short if leaked. */
export const PRESIGN_EXPIRES_SECONDS = 300;

const STATUS_MESSAGES: Record<Exclude<DocumentStatus, 'FAILED'>, string> = {
  UNPROCESSED: 'Your file is waiting to be converted to PDF.',
  IN_PROGRESS: 'Your file is being converted to PDF.',
  COMPLETED: 'Your file was converted to PDF.',
  NOT_ANSWERED: 'No file has been uploaded for this question.',
};

function view(row: DocumentRow | null): ConversionView {
  if (!row || !row.status) return { status: 'NOT_ANSWERED', message: STATUS_MESSAGES.NOT_ANSWERED };
  if (row.status === 'FAILED') return { status: 'FAILED', message: row.message ?? GAVE_UP_MESSAGE };
  return { status: row.status, message: STATUS_MESSAGES[row.status] };
}

/** Best effort: a leftover object costs storage, never correctness (rows say what is current). */
async function deleteObjects(services: AppServices, keys: Array<string | null | undefined>): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await services.storage.delete(key).catch((err: unknown) => services.logger.warn({ err, key }, 'could not delete object'));
  }
}

/**
 * Each presign lets 1 MB into the store; a few documents need a handful of tries, so this generous
 * per-applicant cap only stops a script from filling the bucket.
 */
export const PRESIGN_LIMIT = { max: 60, windowMs: 15 * 60_000 };

async function limitPresigns(services: AppServices, trx: Knex.Transaction, userId: string): Promise<void> {
  const now = services.now();
  const { hits, windowStartedAt } = await hit(trx, `presign:${userId}`, now, PRESIGN_LIMIT.windowMs);
  if (hits <= PRESIGN_LIMIT.max) return;
  const waitMs = Math.max(1000, windowStartedAt.getTime() + PRESIGN_LIMIT.windowMs - now.getTime());
  throw tooManyRequests(`Too many uploads in a short time. Please wait ${Math.ceil(waitMs / 60_000)} minutes and try again.`, waitMs);
}

/**
 * Counts one upload against the applicant's limit (a presign, or a file posted without scripts), under the
 * application's lock: no upload is taken for a submitted application.
 */
export async function admitUpload(services: AppServices, userId: string): Promise<void> {
  await whileOpen(services, userId, (trx) => limitPresigns(services, trx, userId));
}

/** `redirect`: where the store sends the browser after a successful upload (a form posted without scripts). */
export async function presignUpload(
  services: AppServices,
  userId: string,
  answerKey: string,
  options: { redirect?: string } = {},
): Promise<PresignedPost> {
  const storage = services.storage;
  await admitUpload(services, userId);
  // S3's POST policy is signed here without asking the store: without this check an applicant would get
  // a 200 and then an upload failing in the browser with a network error nobody can explain.
  await withStore(() => storage.ping());
  return withStore(() =>
    storage.presignPost(newUploadKey(userId, answerKey), { maxBytes: FILE_MAX_BYTES, expiresSeconds: PRESIGN_EXPIRES_SECONDS, ...options }),
  );
}

const startBody = Joi.object({
  file_key: Joi.string().max(512).required(),
  file_name: Joi.string().max(1024).required(),
}).unknown(false);

/**
 * Makes the upload current and queues its conversion in one transaction (the job exists exactly when the
 * row does), under the application's lock: refused once the application is submitted.
 */
async function recordUpload(services: AppServices, row: Parameters<typeof replaceDocument>[1], data: ConvertDocumentData) {
  try {
    return await whileOpen(services, row.user_id, async (trx) => {
      const result = await replaceDocument(trx, row, services.now());
      if (result.changed) await services.boss.send(CONVERT_DOCUMENT_QUEUE, data, { ...CONVERT_JOB_OPTIONS, db: transactionalDb(trx) });
      return result;
    });
  } catch (err) {
    // Two first uploads for one question at the same moment: the second insert meets the first's row.
    if ((err as { code?: string })?.code === '23505')
      throw new HttpError(409, 'Another upload for this question is being processed. Please try again.');
    throw err;
  }
}

/** POST /api/pdf/document-answer/{key}: checks the uploaded object and queues its conversion (idempotent). */
export async function startConversion(services: AppServices, userId: string, answerKey: string, body: unknown): Promise<ConversionView> {
  const { value, error } = startBody.validate(body ?? {}, { abortEarly: true, convert: false });
  if (error) throw new HttpError(400, 'Send file_key and file_name as strings.');
  const { file_key: fileKey, file_name: rawName } = value as { file_key: string; file_name: string };
  // Only keys this server issued to this user for this question: never another applicant's object.
  if (!isUploadKeyFor(fileKey, userId, answerKey)) throw new HttpError(403, 'This file does not belong to this question.');
  const fileName = sanitiseFileName(rawName);
  if (!fileName) throw new HttpError(400, 'The file needs a name.');
  if (!(FILE_EXTENSIONS as readonly string[]).includes(fileExtension(fileName))) throw new HttpError(400, FILE_MESSAGES.wrongType);
  if (fileName.length > FILE_NAME_MAX_LENGTH) throw new HttpError(400, FILE_MESSAGES.nameTooLong);
  await takeConversionQuota(services, userId);

  // The store enforces nothing we can rely on (s3rver, a misconfigured bucket): check the object itself.
  const head = await withStore(() => services.storage.head(fileKey));
  if (!head) throw new HttpError(400, MISSING_UPLOAD_MESSAGE);
  if (head.size <= 0) throw new HttpError(400, FILE_MESSAGES.empty);
  if (head.size > FILE_MAX_BYTES) {
    await deleteObjects(services, [fileKey]);
    throw new HttpError(413, FILE_MESSAGES.tooLarge);
  }

  const outputKey = outputKeyFor(userId, answerKey, fileKey);
  const row = { user_id: userId, answer_key: answerKey, file_key: fileKey, file_name: fileName, file_size: head.size, output_key: null };
  const { previous, row: current, changed } = await recordUpload(services, row, { userId, answerKey, fileKey, outputKey });
  if (changed && previous) await deleteObjects(services, [previous.file_key, outputKeyFor(userId, answerKey, previous.file_key)]);
  return view(current);
}

export async function conversionStatus(services: AppServices, userId: string, answerKey: string): Promise<ConversionView> {
  return view(await findDocument(services.db.knex, userId, answerKey));
}

/** DELETE /api/pdf/document-answer/{key}: forgets the conversion and its PDF; the upload stays. 409 once submitted. */
export async function deleteConversion(services: AppServices, userId: string, answerKey: string): Promise<void> {
  const before = await whileOpen(services, userId, (trx) => clearConversion(trx, userId, answerKey, services.now()));
  if (before) await deleteObjects(services, [outputKeyFor(userId, answerKey, before.file_key)]);
}

/** DELETE /api/document-answer/{key}: forgets the document answer, its upload and its PDF. 409 once submitted. */
export async function deleteDocumentAnswer(services: AppServices, userId: string, answerKey: string): Promise<void> {
  const rows = await whileOpen(services, userId, (trx) => removeDocumentAnswers(trx, userId, [answerKey]));
  await deleteDocumentObjects(services, rows);
}

/**
 * Deletes document answers inside the caller's transaction (one that holds the application's lock, see
 * whileOpen); returns the rows, whose objects go with deleteDocumentObjects once that transaction committed.
 */
export async function removeDocumentAnswers(trx: Knex.Transaction, userId: string, answerKeys: readonly string[]): Promise<DocumentRow[]> {
  const rows: DocumentRow[] = [];
  for (const key of answerKeys) {
    const row = await deleteDocument(trx, userId, key);
    if (row) rows.push(row);
  }
  return rows;
}

/** The upload and the converted PDF of each removed document answer. */
export async function deleteDocumentObjects(services: AppServices, rows: readonly DocumentRow[]): Promise<void> {
  for (const row of rows) await deleteObjects(services, [row.file_key, outputKeyFor(row.user_id, row.answer_key, row.file_key)]);
}

export async function listDocumentAnswers(services: AppServices, userId: string): Promise<Record<string, DocumentAnswer>> {
  return documentAnswersFor(services.db.knex, userId);
}
