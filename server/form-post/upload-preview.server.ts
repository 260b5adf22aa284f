import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { findDocument } from '../../db/repos/documents.server.js';
import { sniffDocumentType } from '../../platform/storage/file-type.server.js';
import { isDocumentKey } from '../documents/document-keys.server.js';
import { photoPreview } from '../documents/fit-photo.server.js';
import { withStore } from '../storage/http-errors.server.js';

const NO_PREVIEW = 'There is no photo to show for this question.';

/**
 * GET /upload/<key>/preview: a small JPEG of the applicant's own uploaded photo (PNG or JPEG; never a PDF or a Word
 * file), for the upload box without scripts (issue 38). Same origin, so the page's CSP (img-src 'self') allows it.
 */
export function uploadPreviewHandler(services: AppServices): RequestHandler {
  return async (req, res) => {
    const answerKey = String(req.params.key);
    if (!isDocumentKey(answerKey)) throw new HttpError(404, NO_PREVIEW);
    // Scoped to the session's user: only their own upload is ever read.
    const row = await findDocument(services.db.knex, res.locals.user!.id, answerKey);
    const stored = row ? await withStore(() => services.storage.get(row.file_key)) : null;
    const type = stored ? sniffDocumentType(stored) : null;
    const preview = stored && (type === 'jpeg' || type === 'png') ? await photoPreview(stored) : null;
    if (!preview) throw new HttpError(404, NO_PREVIEW);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Disposition', 'inline');
    res.type('image/jpeg').send(preview);
  };
}
