import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { findApplicationWithPdf } from '../../db/repos/application-pdfs.server.js';
import { isFileQuestionKey } from '../../form/document-keys.js';
import { exportAllowed } from './export-limits.server.js';
import { enqueueApplicationPdf } from '../pdf/request-render.server.js';
import { applicantName } from '../../form/applicant-name.js';
import { filterFrom, filterQuery, isUuid } from './filter.server.js';
import { sendStaffNotice } from './staff-notice.server.js';
import { audit } from './audit.server.js';
import { COUNSELOR_TRANSCRIPT_KEY } from '../../domain/after-submission/checklist.server.js';
import { isRecommendationLetterKey } from '../../contracts/recommendations.js';
import { pdfIsCurrent } from '../../db/repos/application-pdfs.server.js';
import { streamCsv } from './csv-export.server.js';

export const PDF_PREPARING_MESSAGE = 'The PDF of this application is being prepared. Try again in a minute.';

/** The desk's handlers that are no page: the CSV export, an application's documents and PDF, old bookmarks. */
export function deskHandlers(services: AppServices) {
  const knex = services.db.knex;

  // The export is a POST from the list's form (issue 23 finding 9): a link from another site cannot make a
  // staff member's browser export, nor write an export into the trail in their name. A GET (an old bookmark)
  // goes back to the list with its filters.
  const exportCsvBookmark: RequestHandler = (req, res) => {
    res.redirect(303, `/staff${filterQuery(filterFrom(req, services.now()))}`);
  };

  const exportCsv: RequestHandler = async (req, res) => {
    const filter = filterFrom(req, services.now());
    const allowed = await exportAllowed(services, res.locals.staff!.email, 'csv');
    if (!allowed.ok) return sendStaffNotice(services, req, res, 429, { title: 'CSV export', message: allowed.message });
    await audit(services, req, res, 'export-csv', { detail: { filter } });
    const stamp = services.now().toISOString().slice(0, 10);
    res.status(200).type('text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="applications-${stamp}.csv"`);
    await streamCsv(knex, filter, res);
  };

  // The old bearer redirect (issue 23 finding 3) is gone; its bookmarks open the page in the staff session.
  const view: RequestHandler<{ id: string }> = (req, res) => {
    if (!isUuid(req.params.id)) throw new HttpError(404, 'No such application.');
    res.redirect(303, `/staff/applications/${req.params.id}`);
  };

  const document: RequestHandler<{ id: string; key: string }> = async (req, res) => {
    const { id, key } = req.params;
    if (!isUuid(id) || !(isFileQuestionKey(key) || key === COUNSELOR_TRANSCRIPT_KEY || isRecommendationLetterKey(key)))
      throw new HttpError(404, 'No such document.');
    const row = (await knex('document_answers')
      .where({ user_id: id, answer_key: key })
      .first('file_key', 'file_name', 'status', 'output_key')) as
      { file_key: string; file_name: string; status: string | null; output_key: string | null } | undefined;
    if (!row || !services.storage) throw new HttpError(404, 'No such document.');
    // The converted PDF when there is one (what the application PDF appends), else the file as uploaded.
    const converted = row.status === 'COMPLETED' && row.output_key;
    const objectKey = converted ? row.output_key! : row.file_key;
    if (!(await services.storage.head(objectKey))) throw new HttpError(404, 'This document is no longer stored.');
    await audit(services, req, res, 'download-document', { userId: id, detail: { document: key } });
    const name = converted ? row.file_name.replace(/\.[^.]*$/, '') + '.pdf' : row.file_name;
    res.redirect(303, await services.storage.signedDownloadUrl(objectKey, name));
  };

  const pdf: RequestHandler<{ id: string }> = async (req, res) => {
    const id = req.params.id;
    const found = isUuid(id) ? await findApplicationWithPdf(knex, id) : null;
    if (!found) throw new HttpError(404, 'No such application.');
    const pdf = found.pdf;
    const storage = services.storage;
    if (
      pdf?.status === 'COMPLETED' &&
      pdf.output_key &&
      (await pdfIsCurrent(knex, id, found.version, pdf)) &&
      (await storage.head(pdf.output_key))
    ) {
      await audit(services, req, res, 'download-pdf', { userId: id });
      const name = applicantName(found.answers, 'Applicant').replace(/[^A-Za-z0-9]+/g, '-');
      res.redirect(303, await storage.signedDownloadUrl(pdf.output_key, `Freshman-Application-${name}.pdf`));
      return;
    }
    const inFlight =
      pdf && (pdf.status === 'UNPROCESSED' || pdf.status === 'IN_PROGRESS') && (await pdfIsCurrent(knex, id, found.version, pdf));
    if (!inFlight) {
      try {
        await enqueueApplicationPdf(services, id);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        return sendStaffNotice(services, req, res, 503, { title: 'Application PDF', message: err.message });
      }
    }
    await sendStaffNotice(services, req, res, 202, {
      title: 'Application PDF',
      message: pdf?.status === 'FAILED' && pdf.message ? pdf.message : PDF_PREPARING_MESSAGE,
      links: [
        { href: `/staff/applications/${id}/pdf`, label: 'Try the download again' },
        { href: '/staff', label: 'Back to the applications' },
      ],
    });
  };

  return { exportCsvBookmark, exportCsv, view, document, pdf };
}
