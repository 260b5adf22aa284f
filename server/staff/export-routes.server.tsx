import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { countByStatus } from '../../db/repos/staff-applications.server.js';
import { findStaffExport, insertStaffExport, listStaffExports, type StaffExportRow } from '../../db/repos/staff-exports.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { MAX_ZIP_APPLICATIONS, PDF_ZIP_JOB_OPTIONS, PDF_ZIP_QUEUE } from '../../platform/jobs/queues.js';
import { StaffLayout, sendStaffMessage, sendStaffPage, deskTime } from './html.server.js';
import { filterFrom, isUuid } from './filter.server.js';
import { filterQuery } from './list-view.server.js';
import { audit } from './audit.server.js';
import { exportAllowed } from './export-limits.server.js';

const STATE_TEXT: Record<StaffExportRow['status'], string> = { queued: 'Waiting to start', running: 'Being built', ready: 'Ready', failed: 'Failed' };

function ExportRow({ row, timeZone }: { row: StaffExportRow; timeZone: string }) {
  return (
    <tr>
      <td>{deskTime(row.created_at, timeZone)}</td>
      <td>{row.staff_email}</td>
      <td>
        <a href={`/staff${filterQuery(row.filter)}`}>{filterQuery(row.filter) || 'all applications'}</a>
      </td>
      <td>
        {STATE_TEXT[row.status]}
        {row.status === 'running' || row.status === 'queued' ? ` (${row.done} of ${row.total})` : ''}
        {row.message ? ` ${row.message}` : ''}
      </td>
      <td>{row.status === 'ready' ? <a href={`/staff/exports/${row.id}/download`}>Download ZIP</a> : <a href={`/staff/exports/${row.id}`}>Check progress</a>}</td>
    </tr>
  );
}

/** ZIPs of the current filter's PDFs, built by a job; progress shown, downloadable when ready. */
export function exportHandlers(services: AppServices) {
  const knex = services.db.knex;

  const start: RequestHandler = async (req, res) => {
    const filter = filterFrom(req, services.now());
    const counts = await countByStatus(knex, filter);
    const total = filter.status ? counts[filter.status] : Object.values(counts).reduce((a, b) => a + b, 0);
    if (total > MAX_ZIP_APPLICATIONS) {
      return sendStaffMessage(res, 400, 'PDF bundle', res.locals.staff!, `These filters match ${total} applications; a ZIP holds at most ${MAX_ZIP_APPLICATIONS}. Narrow the filters first.`);
    }
    const allowed = await exportAllowed(services, res.locals.staff!.email, 'zip');
    if (!allowed.ok) return sendStaffMessage(res, 429, 'PDF bundle', res.locals.staff!, allowed.message);
    const boss = services.boss;
    const id = await knex.transaction(async (trx) => {
      const exportId = await insertStaffExport(trx, { staff_email: res.locals.staff!.email, filter, total, now: services.now() });
      await boss.send(PDF_ZIP_QUEUE, { exportId }, { ...PDF_ZIP_JOB_OPTIONS, db: transactionalDb(trx) });
      return exportId;
    });
    await audit(services, req, res, 'export-zip', { detail: { filter, export: id } });
    res.redirect(303, `/staff/exports/${id}`);
  };

  const list: RequestHandler = async (req, res) => {
    const rows = await listStaffExports(knex, 50);
    // The list names who exported which filter: reading it is in the trail too (issue 23 finding 5).
    await audit(services, req, res, 'open-exports');
    sendStaffPage(
      res,
      200,
      <StaffLayout title="PDF bundles" staff={res.locals.staff!}>
        <ExportTable rows={rows} timeZone={services.config.timeZone} />
      </StaffLayout>,
    );
  };

  const status: RequestHandler<{ id: string }> = async (req, res) => {
    const row = isUuid(req.params.id) ? await findStaffExport(knex, req.params.id) : null;
    if (!row) throw new HttpError(404, 'No such export.');
    sendStaffPage(
      res,
      200,
      <StaffLayout title="PDF bundle" staff={res.locals.staff!}>
        <p role="status">
          {row.status === 'ready' ? 'The ZIP is ready.' : row.status === 'failed' ? row.message ?? 'The ZIP could not be built.' : `${row.done} of ${row.total} applications done. Reload this page to see the progress.`}
        </p>
        {row.status === 'ready' ? (
          <p>
            <a className="button" href={`/staff/exports/${row.id}/download`}>
              Download ZIP
            </a>
          </p>
        ) : (
          <p>
            <a href={`/staff/exports/${row.id}`}>Reload progress</a>
          </p>
        )}
        <p>
          <a href="/staff/exports">All PDF bundles</a>
        </p>
      </StaffLayout>,
    );
  };

  const download: RequestHandler<{ id: string }> = async (req, res) => {
    const row = isUuid(req.params.id) ? await findStaffExport(knex, req.params.id) : null;
    if (!row) throw new HttpError(404, 'No such export.');
    if (row.status !== 'ready' || !row.output_key) return res.redirect(303, `/staff/exports/${row.id}`);
    await audit(services, req, res, 'download-zip', { detail: { export: row.id } });
    res.redirect(303, await services.storage.signedDownloadUrl(row.output_key, `applications-${new Date(row.created_at).toISOString().slice(0, 10)}.zip`));
  };

  return { start, list, status, download };
}

function ExportTable({ rows, timeZone }: { rows: StaffExportRow[]; timeZone: string }) {
  return (
    <>
      <table>
        <caption>PDF bundles, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Requested</th>
            <th scope="col">By</th>
            <th scope="col">Filter</th>
            <th scope="col">State</th>
            <th scope="col">Download</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ExportRow key={row.id} row={row} timeZone={timeZone} />
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p>No PDF bundle has been prepared yet.</p> : null}
    </>
  );
}
