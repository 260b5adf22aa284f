import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { newUploadKey, outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { takeConversionQuota } from '../documents/quotas.server.js';
import { isMalformedUpload, withStore } from '../storage/http-errors.server.js';
import { replaceDocument } from '../../db/repos/documents.server.js';
import { recordChecklistAudit } from '../../db/repos/after-submission.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { CONVERT_DOCUMENT_QUEUE, CONVERT_JOB_OPTIONS, type ConvertDocumentData } from '../../platform/jobs/queues.js';
import { FILE_EXTENSIONS, FILE_MAX_BYTES, FILE_MESSAGES, fileExtension } from '../../form/documents.js';
import { sanitiseFileName } from '../documents/file-name.server.js';
import { COUNSELOR_TRANSCRIPT_KEY } from '../../domain/after-submission/checklist.server.js';
import { APPLICANT_MESSAGES, applicantSendsRequest } from '../../domain/after-submission/counselor-request.server.js';
import { counselorLinkState, counselorSaysNotMyStudent } from '../../domain/after-submission/counselor-link.server.js';
import { counselorPagePath, sendCounselorPage } from './counselor-page.server.js';
import { DOCUMENT_EXTENSIONS, sniffDocumentType } from '../../platform/storage/file-type.server.js';

/** Where /completion's counselor form posts (add or correct the address, or send the request again). */
export const COUNSELOR_FORM_PATH = '/completion/counselor';
export const COUNSELOR_FIELD = 'counselor_email';

/** One file of at most the upload limit, in memory (1 MB), nothing else of any size. */
const transcriptUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
}).single('transcript');

function parseUpload(req: Request, res: Response): Promise<string | null> {
  return new Promise((resolve, reject) => {
    transcriptUpload(req, res, (err: unknown) => {
      if (!err) return resolve(null);
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return resolve(FILE_MESSAGES.tooLarge);
      if (code && code.startsWith('LIMIT_')) return resolve('Send one transcript file with this form.');
      if (isMalformedUpload(err)) return resolve('Choose the transcript file, then send it.');
      reject(err);
    });
  });
}

async function counselorUpload(services: AppServices, req: Request, res: Response): Promise<void> {
  const token = String(req.params.token);
  const before = await counselorLinkState(services, token);
  // Uploads go on while the link is live: again after a file that could not be read, or to replace one still being checked.
  if (before.state !== 'live') return sendCounselorPage(services, req, res, before.state === 'unknown' ? 404 : 409, { state: before });
  const fail = (status: number, text: string) =>
    sendCounselorPage(services, req, res, status, { state: before, notice: { kind: 'error', text } });
  const problem = await parseUpload(req, res);
  if (problem) return fail(problem === FILE_MESSAGES.tooLarge ? 413 : 400, problem);
  const file = req.file;
  if (!file || file.size === 0) return fail(400, file ? FILE_MESSAGES.empty : 'Choose the transcript file, then send it.');
  const named = sanitiseFileName(file.originalname ?? '');
  if (named && !(FILE_EXTENSIONS as readonly string[]).includes(fileExtension(named))) return fail(400, FILE_MESSAGES.wrongType);
  // The stored name follows the content, not what the sender called it. The conversion checks the content
  // thoroughly; this only spares a job for something that is plainly no document.
  const type = sniffDocumentType(file.buffer);
  if (!type) return fail(400, FILE_MESSAGES.wrongType);
  const extension = DOCUMENT_EXTENSIONS[type];
  const boss = services.boss;
  if (!boss || !services.storage) return fail(503, 'We cannot take files at the moment. Please try again later.');
  const userId = before.app.userId;
  try {
    await takeConversionQuota(services, userId);
  } catch (err) {
    if (err instanceof HttpError) return fail(err.status, err.message);
    throw err;
  }
  const fileKey = newUploadKey(userId, COUNSELOR_TRANSCRIPT_KEY);
  const storage = services.storage;
  await withStore(() => storage.put(fileKey, file.buffer, 'application/octet-stream'));
  const outputKey = outputKeyFor(userId, COUNSELOR_TRANSCRIPT_KEY, fileKey);
  const row = {
    user_id: userId,
    answer_key: COUNSELOR_TRANSCRIPT_KEY,
    file_key: fileKey,
    file_name: `counselor-transcript.${extension}`,
    file_size: file.size,
    output_key: null,
  };
  const job: ConvertDocumentData = { userId, answerKey: COUNSELOR_TRANSCRIPT_KEY, fileKey, outputKey };
  const replaced = await services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const result = await replaceDocument(trx, row, now);
    await boss.send(CONVERT_DOCUMENT_QUEUE, job, { ...CONVERT_JOB_OPTIONS, db: transactionalDb(trx) });
    await recordChecklistAudit(trx, {
      at: now,
      actor: 'counselor',
      action: 'counselor-upload',
      userId,
      detail: { email: before.request.email, bytes: file.size },
      ip: req.ip ?? null,
    });
    return result.previous;
  });
  if (replaced) {
    for (const key of [replaced.file_key, outputKeyFor(userId, COUNSELOR_TRANSCRIPT_KEY, replaced.file_key)]) {
      await storage.delete(key).catch((err: unknown) => services.logger.warn({ err, key }, 'could not delete object'));
    }
  }
  services.logger.info({ userId, bytes: file.size }, 'counselor transcript received');
  res.redirect(303, counselorPagePath(token));
}

/**
 * /completion's counselor form, /counselor/<token> and its two forms (rows in server/routes.server.ts). Every
 * POST passes the app's Origin check (server/middleware/security.server.ts) like every other state change.
 */
export function afterSubmissionHandlers(services: AppServices) {
  return {
    /** POST /completion/counselor (student): a form post is redirected back to /completion naming the outcome; JSON gets JSON. */
    counselorForm: (async (req, res) => {
      const email = typeof req.body?.[COUNSELOR_FIELD] === 'string' ? (req.body[COUNSELOR_FIELD] as string) : '';
      const outcome = await applicantSendsRequest(services, res.locals.user!.id, email, { name: 'applicant', ip: req.ip ?? null });
      if (outcome === 'not-submitted') throw new HttpError(409, 'Submit your application first; we ask your counselor after you submit.');
      if (req.accepts(['html', 'json']) === 'json') {
        const status = { sent: 200, invalid: 400, 'own-address': 400, 'not-permitted': 409, limit: 429, received: 409 }[outcome];
        const officeEmail = services.config.contacts.officeEmail;
        const message =
          outcome === 'sent'
            ? APPLICANT_MESSAGES.sent(email.trim().toLowerCase())
            : outcome === 'limit'
              ? APPLICANT_MESSAGES.limit(officeEmail)
              : APPLICANT_MESSAGES[outcome];
        res.status(status).json({ outcome, message });
        return;
      }
      res.redirect(303, `/completion?counselor=${outcome}#transcript`);
    }) as RequestHandler,

    /** GET /counselor/:token: the counselor's page (no account; pages/(office)/counselor/@token). */
    counselorPage: ((req, res) => sendCounselorPage(services, req, res)) as RequestHandler<{ token: string }>,

    /** POST /counselor/:token: the transcript, multipart (parsed here, so a refusal can show the page). */
    counselorUpload: ((req, res) => counselorUpload(services, req, res)) as RequestHandler<{ token: string }>,

    /**
     * POST /counselor/:token/not-my-student: a secondary action with a confirmation (issue 38). The first post
     * only asks "Are you sure…?"; the link dies on the post that answers yes (confirm=yes).
     */
    notMyStudent: (async (req, res) => {
      const token = String(req.params.token);
      const confirmed = (req.body as Record<string, unknown> | undefined)?.confirm === 'yes';
      if (confirmed && (await counselorSaysNotMyStudent(services, token, req.ip ?? null)))
        return void res.redirect(303, counselorPagePath(token));
      const state = await counselorLinkState(services, token);
      if (state.state !== 'live') return sendCounselorPage(services, req, res, state.state === 'unknown' ? 404 : 409, { state });
      await sendCounselorPage(services, req, res, 200, { state, confirming: true });
    }) as RequestHandler<{ token: string }>,
  };
}
