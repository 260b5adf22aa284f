import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { findDocument } from '../../db/repos/documents.server.js';
import { COUNSELOR_TRANSCRIPT_KEY } from '../../domain/after-submission/checklist.server.js';
import { isRecommendationLetterKey } from '../../contracts/recommendations.js';
import { isFileQuestionKey } from '../../form/document-keys.js';
import { audit } from '../staff/audit.server.js';
import { sendStaffNotice } from '../staff/staff-notice.server.js';

export const documentFramePath = (id: string, key: string) => `/staff/queue/${id}/documents/${encodeURIComponent(key)}`;

/**
 * GET /staff/queue/:id/documents/:key (after readerAccess): a converted document as a PDF the reader view frames
 * beside the answers. Only the converter's PDF is shown inline (an original upload could be any type, so it
 * stays a download on the staff route), and only this response may be framed, by this site's own pages:
 * everything else keeps frame-ancestors 'none'. Audited like a download.
 */
export function documentFrame(services: AppServices): RequestHandler<{ id: string; key: string }> {
  return async (req, res) => {
    const { id, key } = req.params;
    const row =
      isFileQuestionKey(key) || key === COUNSELOR_TRANSCRIPT_KEY || isRecommendationLetterKey(key)
        ? await findDocument(services.db.knex, id, key)
        : null;
    const pdf = row?.status === 'COMPLETED' && row.output_key ? await services.storage.get(row.output_key) : null;
    if (!pdf)
      return sendStaffNotice(services, req, res, 404, {
        title: 'No such document',
        message: 'This document has no PDF to show here; open it from the list of documents.',
        links: [{ href: `/staff/queue/${id}`, label: 'Back to the application' }],
      });
    await audit(services, req, res, 'download-document', { userId: id, detail: { document: key, framed: true } });
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: blob:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
    );
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', 'inline');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(pdf);
  };
}
