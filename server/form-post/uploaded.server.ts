import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { fieldByKey } from '../../form/fields.js';
import { HttpError } from '../../platform/http-error.server.js';
import { isDocumentKey } from '../documents/document-keys.server.js';
import { isUploadKeyFor } from '../../platform/storage/document-keys.server.js';
import { startConversion } from '../documents/documents.server.js';
import { uploadRoute } from '../../contracts/no-script-upload.js';
import { sendPage } from '../render.server.js';
import type { PresignedPost } from '../../platform/storage/object-store.server.js';
import { DOCUMENT_EXTENSIONS, SNIFF_BYTES, sniffDocumentType } from '../../platform/storage/file-type.server.js';

/**
 * Where the upload form of a page opened with ?upload=<key> without scripts posts (DESIGN §6): this app's own
 * POST /upload/<key> (upload-post.server.ts), whatever the store, so that a refused file comes back as the form page
 * with the message at the field, never as the store's JSON or XML, and a photo over 1 MB can be made to fit (issue 38).
 * The upload is counted against the applicant's limit when it is posted, not when the form is shown.
 */
export function uploadTargetFor(answerKey: string): PresignedPost | null {
  return isDocumentKey(answerKey) ? { url: uploadRoute(answerKey), fields: {} } : null;
}

async function uploaded(services: AppServices, req: Request, res: Response): Promise<void> {
  const answerKey = req.params.key;
  const page = isDocumentKey(answerKey) ? fieldByKey(answerKey)?.page : undefined;
  if (!page || !isDocumentKey(answerKey)) throw new HttpError(404, 'This question does not take a file.');
  const user = res.locals.user;
  if (!user) return void res.redirect(303, '/login');
  const fileKey = req.query.key;
  // Only a key issued to this user for this question is looked at (the same check as POST /api/pdf/document-answer).
  if (!isUploadKeyFor(fileKey, user.id, answerKey)) throw new HttpError(403, 'This file does not belong to this question.');
  const head = (await services.storage.get(fileKey))?.subarray(0, SNIFF_BYTES) ?? Buffer.alloc(0);
  // The store does not pass the browser's file name on; the type decides the name (the conversion checks the content again).
  const type = sniffDocumentType(head);
  const extension = type ? DOCUMENT_EXTENSIONS[type] : 'bin';
  try {
    await startConversion(services, user.id, answerKey, { file_key: fileKey, file_name: `${answerKey}.${extension}` });
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) throw err;
    res.setHeader('Cache-Control', 'no-store');
    await sendPage(services, req, res, `/${page}`, { formPost: { errors: [], notice: err.message } }, err.status);
    return;
  }
  // The page shows the conversion's status, with a link to refresh it until it is done.
  res.redirect(303, `/${page}#${answerKey}`);
}

/**
 * GET /uploaded/<key>: where the object store sent the browser after an upload posted to it without scripts, before
 * such uploads went through this app (issue 38); kept for a page still open from then, and for the store's own
 * success_action_redirect, which presignUpload still supports.
 */
export function uploadedHandler(services: AppServices): RequestHandler {
  return (req, res) => uploaded(services, req, res);
}
