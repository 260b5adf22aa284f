import type { RequestHandler } from 'express';
import type { AppServices } from '../services.server.js';
import { HttpError } from '../http-error.server.js';
import { countByStatus, findStaffApplication, listStaffApplications } from '../../db/repos/staff-applications.server.js';
import { listAudit } from '../../db/repos/staff.server.js';
import { findApplicationWithPdf } from '../../db/repos/application-pdfs.server.js';
import { signServiceToken } from '../security/service-link-token.server.js';
import { enqueueApplicationPdf } from '../pdf/routes.server.js';
import { applicantName } from '../../form/applicant-name.js';
import { StaffLayout, sendStaffMessage, sendStaffPage, utcTime } from './html.server.js';
import { ListView } from './list-view.server.js';
import { decodeCursor, encodeCursor, entryTermOptions, filterFrom, isUuid } from './filter.server.js';
import { audit } from './audit.server.js';
import { streamCsv } from './csv-export.server.js';

const PAGE_SIZE = 50;
/** The read-only layout opened from the desk: minted here, for one application, short-lived. */
const VIEW_LINK_HOURS = 0.25;

export const PDF_PREPARING_MESSAGE = 'The PDF of this application is being prepared. Try again in a minute.';

/** The list, one application's read-only view and PDF, and the audit trail. */
export function deskHandlers(services: AppServices) {
  const knex = services.db.knex;

  const list: RequestHandler = async (req, res) => {
    const now = services.now();
    const filter = filterFrom(req, now);
    const cursor = decodeCursor(req.query.after);
    const [page, counts] = await Promise.all([listStaffApplications(knex, filter, cursor, PAGE_SIZE), countByStatus(knex, filter)]);
    await audit(services, req, res, 'list', { detail: { filter, page: cursor ? 'later' : 'first' } });
    sendStaffPage(
      res,
      200,
      <ListView
        staff={res.locals.staff!}
        filter={filter}
        rows={page.rows}
        counts={counts}
        next={page.next ? encodeCursor(page.next) : null}
        terms={entryTermOptions(now)}
        notice={typeof req.query.released === 'string' && /^\d+$/.test(req.query.released) ? `${req.query.released} decisions released.` : null}
      />,
    );
  };

  const exportCsv: RequestHandler = async (req, res) => {
    const filter = filterFrom(req, services.now());
    await audit(services, req, res, 'export-csv', { detail: { filter } });
    const stamp = services.now().toISOString().slice(0, 10);
    res.status(200).type('text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="applications-${stamp}.csv"`);
    await streamCsv(knex, filter, res);
  };

  const view: RequestHandler<{ id: string }> = async (req, res) => {
    const id = req.params.id;
    const found = isUuid(id) ? await findStaffApplication(knex, id) : null;
    if (!found) throw new HttpError(404, 'No such application.');
    await audit(services, req, res, 'view', { userId: found.user_id });
    const token = signServiceToken(services.config.sessionSecret, found.username, { now: services.now(), hours: VIEW_LINK_HOURS });
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.redirect(303, `/about?service_token=${token}`);
  };

  const pdf: RequestHandler<{ id: string }> = async (req, res) => {
    const id = req.params.id;
    const found = isUuid(id) ? await findApplicationWithPdf(knex, id) : null;
    if (!found) throw new HttpError(404, 'No such application.');
    const pdf = found.pdf;
    const storage = services.storage;
    if (pdf?.status === 'COMPLETED' && pdf.output_key && pdf.answers_version === found.version && storage && (await storage.head(pdf.output_key))) {
      await audit(services, req, res, 'download-pdf', { userId: id });
      const name = applicantName(found.answers, 'Applicant').replace(/[^A-Za-z0-9]+/g, '-');
      res.redirect(303, await storage.signedDownloadUrl(pdf.output_key, `Freshman-Application-${name}.pdf`));
      return;
    }
    const inFlight = pdf && (pdf.status === 'UNPROCESSED' || pdf.status === 'IN_PROGRESS') && pdf.answers_version === found.version;
    if (!inFlight) {
      try {
        await enqueueApplicationPdf(services, id);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        return sendStaffMessage(res, 503, 'Application PDF', res.locals.staff!, err.message);
      }
    }
    const again = `/staff/applications/${id}/pdf`;
    sendStaffPage(
      res,
      202,
      <StaffLayout title="Application PDF" staff={res.locals.staff!}>
        <p role="status">{pdf?.status === 'FAILED' && pdf.message ? pdf.message : PDF_PREPARING_MESSAGE}</p>
        <p>
          <a href={again}>Try the download again</a> · <a href="/staff">Back to the applications</a>
        </p>
      </StaffLayout>,
    );
  };

  const auditTrail: RequestHandler = async (req, res) => {
    const before = typeof req.query.before === 'string' && /^\d{1,18}$/.test(req.query.before) ? req.query.before : null;
    const rows = await listAudit(knex, { before, limit: PAGE_SIZE + 1 });
    const page = rows.slice(0, PAGE_SIZE);
    sendStaffPage(
      res,
      200,
      <StaffLayout title="Audit trail" staff={res.locals.staff!}>
        <table>
          <caption>Every staff sign-in, view, download and export, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Application</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {page.map((row) => (
              <tr key={row.id}>
                <td>{utcTime(row.at, 'seconds')}</td>
                <td>{row.staff_email}</td>
                <td>{row.action}</td>
                <td>{row.applicant ?? (row.detail && Object.keys(row.detail).length > 0 ? JSON.stringify(row.detail) : '')}</td>
                <td>{row.ip ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length > PAGE_SIZE ? (
          <p>
            <a href={`/staff/audit?before=${page.at(-1)!.id}`}>Older entries</a>
          </p>
        ) : null}
      </StaffLayout>,
    );
  };

  return { list, exportCsv, view, pdf, auditTrail };
}
