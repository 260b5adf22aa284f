import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { fieldByKey } from '../../form/fields.js';
import { FIT_INPUT_MAX_BYTES, FIT_MESSAGES, TOO_MANY_PIXELS } from '../../form/photo-fit.js';
import { translator, type TextParams } from '../../contracts/i18n/translate.js';
import { ES_ISLANDS } from '../../contracts/i18n/es-catalogue.js';
import { UPLOAD_QUERY } from '../../contracts/form-post.js';
import { FITTED_QUERY, fittedQueryValue, UPLOAD_FILE_FIELD } from '../../contracts/no-script-upload.js';
import { isDocumentKey } from '../documents/document-keys.server.js';
import { takeNoScriptUpload } from '../documents/no-script-upload.server.js';
import { isMalformedUpload } from '../storage/http-errors.server.js';
import { sendPage } from '../render.server.js';

/** One file, up to the largest photo the server makes fit, in memory; nothing else of any size. */
const fileUpload = multer({
  storage: multer.memoryStorage(),
  // Browsers send the file name as UTF-8.
  defParamCharset: 'utf8',
  limits: { fileSize: FIT_INPUT_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
}).single(UPLOAD_FILE_FIELD);

const CHOOSE_FIRST = 'Choose a file, then press Upload.';

/** The upload's parse problem as the field's message, or null once the file is read. */
function parseUpload(req: Request, res: Response): Promise<{ status: number; message: string } | null> {
  return new Promise((resolve, reject) => {
    fileUpload(req, res, (err: unknown) => {
      if (!err) return resolve(null);
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return resolve({ status: 413, message: FIT_MESSAGES.tooLarge });
      if ((code && code.startsWith('LIMIT_')) || isMalformedUpload(err)) return resolve({ status: 400, message: CHOOSE_FIRST });
      reject(err);
    });
  });
}

async function uploadPost(services: AppServices, req: Request, res: Response): Promise<void> {
  const answerKey = String(req.params.key);
  const page = isDocumentKey(answerKey) ? fieldByKey(answerKey)?.page : undefined;
  if (!page) throw new HttpError(404, 'This question does not take a file.');
  const user = res.locals.user;
  if (!user) return void res.redirect(303, '/login');
  // Refused: the same page and tab with the upload form open again and the message at the field (and in the summary).
  // Worded in the page's language here: the sizes of a refused photo are filled into its translated template.
  const say = translator(res.locals.lang ?? 'en', ES_ISLANDS);
  const refuse = (status: number, message: string, params?: TextParams) => {
    res.setHeader('Cache-Control', 'no-store');
    const text = params ? say(TOO_MANY_PIXELS, params) : say(message);
    const formPost = { errors: [{ key: answerKey, page, messages: [text] }], notice: null };
    return sendPage(services, req, res, `/${page}?${UPLOAD_QUERY}=${encodeURIComponent(answerKey)}`, { formPost }, status);
  };
  const problem = await parseUpload(req, res);
  if (problem) return refuse(problem.status, problem.message);
  if (!req.file) return refuse(400, CHOOSE_FIRST);
  let fitted;
  try {
    fitted = await takeNoScriptUpload(services, user.id, answerKey, req.file);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return refuse(err.status, err.message, err.body.pixels as TextParams | undefined);
  }
  // The page shows the conversion's status (a refresh link until it is done), and for a fitted photo what was done.
  const query = fitted ? `?${FITTED_QUERY}=${encodeURIComponent(fittedQueryValue({ key: answerKey, ...fitted }))}` : '';
  res.redirect(303, `/${page}${query}#${answerKey}`);
}

/** POST /upload/<key>: a document question's file, posted without scripts (contracts/no-script-upload.ts). */
export function uploadPostHandler(services: AppServices): RequestHandler {
  return (req, res) => uploadPost(services, req, res);
}
