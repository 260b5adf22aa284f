import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { newUploadKey, outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { DOCUMENT_EXTENSIONS, sniffDocumentType } from '../../platform/storage/file-type.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { CONVERT_DOCUMENT_QUEUE, CONVERT_JOB_OPTIONS, type ConvertDocumentData } from '../../platform/jobs/queues.js';
import { FILE_EXTENSIONS, FILE_MAX_BYTES, FILE_MESSAGES, fileExtension } from '../../form/documents.js';
import { recommendationLetterKey } from '../../contracts/recommendations.js';
import { takeConversionQuota } from '../documents/quotas.server.js';
import { sanitiseFileName } from '../documents/file-name.server.js';
import { isMalformedUpload, withStore } from '../storage/http-errors.server.js';
import { DECLINE_REASON_MAX, LETTER_TEXT_MAX } from '../../domain/recommendations/recommendation-common.server.js';
import {
  declineRecommendation,
  recommendationLinkState,
  storeLetter,
  type LetterOutcome,
} from '../../domain/recommendations/recommendation-link.server.js';
import { sendTeacherPage, teacherPagePath } from './teacher-page.server.js';

/** The teacher's posts on /recommend/<token> (issue 39): the same hostile-document path as the counselor's transcript. */

const letterUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
}).single('letter');

function parseUpload(req: Request, res: Response): Promise<string | null> {
  return new Promise((resolve, reject) => {
    letterUpload(req, res, (err: unknown) => {
      if (!err) return resolve(null);
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return resolve(FILE_MESSAGES.tooLarge);
      if (code && code.startsWith('LIMIT_')) return resolve('Send one letter file with this form.');
      if (isMalformedUpload(err)) return resolve('Choose the letter file, then send it.');
      reject(err);
    });
  });
}

const TAKEN = 'We already have a letter from this link; there is nothing more to send.';

/** After a letter post: back to the page (303) when stored; the page with the reason when not. */
async function answer(services: AppServices, req: Request, res: Response, outcome: LetterOutcome): Promise<void> {
  if (outcome === 'stored') return void res.redirect(303, teacherPagePath(String(req.params.token)));
  const state = await recommendationLinkState(services, String(req.params.token));
  await sendTeacherPage(services, req, res, 409, { state, notice: outcome === 'taken' ? { kind: 'error', text: TAKEN } : undefined });
}

async function fileLetter(services: AppServices, req: Request, res: Response): Promise<void> {
  const before = await recommendationLinkState(services, String(req.params.token));
  if (before.state !== 'live') return sendTeacherPage(services, req, res, before.state === 'unknown' ? 404 : 409, { state: before });
  const fail = (status: number, text: string) =>
    sendTeacherPage(services, req, res, status, { state: before, notice: { kind: 'error', text } });
  const problem = await parseUpload(req, res);
  if (problem) return fail(problem === FILE_MESSAGES.tooLarge ? 413 : 400, problem);
  const file = req.file;
  if (!file || file.size === 0) return fail(400, file ? FILE_MESSAGES.empty : 'Choose the letter file, then send it.');
  const named = sanitiseFileName(file.originalname ?? '');
  if (named && !(FILE_EXTENSIONS as readonly string[]).includes(fileExtension(named))) return fail(400, FILE_MESSAGES.wrongType);
  const type = sniffDocumentType(file.buffer);
  if (!type) return fail(400, FILE_MESSAGES.wrongType);
  const boss = services.boss;
  const storage = services.storage;
  if (!boss || !storage) return fail(503, 'We cannot take files at the moment. Please try again later.');
  const { row } = before;
  try {
    await takeConversionQuota(services, row.user_id);
  } catch (err) {
    if (err instanceof HttpError) return fail(err.status, err.message);
    throw err;
  }
  const key = recommendationLetterKey(row.id);
  const fileKey = newUploadKey(row.user_id, key);
  await withStore(() => storage.put(fileKey, file.buffer, 'application/octet-stream'));
  const outputKey = outputKeyFor(row.user_id, key, fileKey);
  const job: ConvertDocumentData = { userId: row.user_id, answerKey: key, fileKey, outputKey };
  const outcome = await storeLetter(
    services,
    row.id,
    {
      kind: 'file',
      fileKey,
      fileName: `recommendation-letter.${DOCUMENT_EXTENSIONS[type]}`,
      fileSize: file.size,
      outputKey,
      queue: async (trx) => void (await boss.send(CONVERT_DOCUMENT_QUEUE, job, { ...CONVERT_JOB_OPTIONS, db: transactionalDb(trx) })),
    },
    req.ip ?? null,
  );
  // A letter stored meanwhile (a second post at once): this file belongs to nothing.
  if (outcome !== 'stored') await storage.delete(fileKey).catch((err: unknown) => services.logger.warn({ err }, 'could not delete object'));
  await answer(services, req, res, outcome);
}

async function textLetter(services: AppServices, req: Request, res: Response): Promise<void> {
  const state = await recommendationLinkState(services, String(req.params.token));
  if (state.state !== 'live') return sendTeacherPage(services, req, res, state.state === 'unknown' ? 404 : 409, { state });
  const raw = (req.body as Record<string, unknown> | undefined)?.letter_text;
  const text = typeof raw === 'string' ? raw.replace(/\r\n/g, '\n').trim() : '';
  if (!text || text.length > LETTER_TEXT_MAX)
    return sendTeacherPage(services, req, res, 400, {
      state,
      text: typeof raw === 'string' ? raw.slice(0, LETTER_TEXT_MAX) : '',
      notice: {
        kind: 'error',
        text: text ? `The letter is longer than ${LETTER_TEXT_MAX} characters.` : 'Type your letter, then send it.',
      },
    });
  await answer(services, req, res, await storeLetter(services, state.row.id, { kind: 'text', text }, req.ip ?? null));
}

/** The first post only asks (with the optional reason); the one carrying confirm=yes declines. */
async function decline(services: AppServices, req: Request, res: Response): Promise<void> {
  const body = (req.body as Record<string, unknown> | undefined) ?? {};
  const state = await recommendationLinkState(services, String(req.params.token));
  if (state.state !== 'live') return sendTeacherPage(services, req, res, state.state === 'unknown' ? 404 : 409, { state });
  if (body.confirm !== 'yes') return sendTeacherPage(services, req, res, 200, { state, confirming: true });
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (reason.length > DECLINE_REASON_MAX)
    return sendTeacherPage(services, req, res, 400, {
      state,
      confirming: true,
      notice: { kind: 'error', text: `The reason is longer than ${DECLINE_REASON_MAX} characters.` },
    });
  if (await declineRecommendation(services, state.row.id, reason, req.ip ?? null))
    return void res.redirect(303, teacherPagePath(String(req.params.token)));
  await sendTeacherPage(services, req, res, 409, { state: await recommendationLinkState(services, String(req.params.token)) });
}

export function teacherHandlers(services: AppServices) {
  return {
    /** GET /recommend/:token (pages/(office)/recommend/@token). */
    page: ((req, res) => sendTeacherPage(services, req, res)) as RequestHandler<{ token: string }>,
    /** POST /recommend/:token: the letter as a file (multipart, parsed here so a refusal can show the page). */
    file: ((req, res) => fileLetter(services, req, res)) as RequestHandler<{ token: string }>,
    /** POST /recommend/:token/text: the letter typed. */
    text: ((req, res) => textLetter(services, req, res)) as RequestHandler<{ token: string }>,
    /** POST /recommend/:token/decline: asks, then (confirm=yes) declines. */
    decline: ((req, res) => decline(services, req, res)) as RequestHandler<{ token: string }>,
  };
}
