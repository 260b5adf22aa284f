import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { countByStatus } from '../../db/repos/staff-applications.server.js';
import { findStaffExport, insertStaffExport } from '../../db/repos/staff-exports.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { MAX_ZIP_APPLICATIONS, PDF_ZIP_JOB_OPTIONS, PDF_ZIP_QUEUE } from '../../platform/jobs/queues.js';
import { sendStaffNotice } from './staff-notice.server.js';
import { filterFrom, isUuid } from './filter.server.js';
import { countText } from './count-text.js';
import { audit } from './audit.server.js';
import { exportAllowed } from './export-limits.server.js';

/** ZIPs of the current filter's PDFs, built by a job (the progress is the page /staff/exports/:id); downloadable when ready. */
export function exportHandlers(services: AppServices) {
  const knex = services.db.knex;

  const start: RequestHandler = async (req, res) => {
    const filter = filterFrom(req, services.now());
    const counts = await countByStatus(knex, filter);
    const total = filter.status ? counts[filter.status] : Object.values(counts).reduce((a, b) => a + b, 0);
    if (total > MAX_ZIP_APPLICATIONS) {
      return sendStaffNotice(services, req, res, 400, {
        title: 'PDF bundle',
        message: `These filters match ${countText(total, 'application')}; a ZIP holds at most ${MAX_ZIP_APPLICATIONS}. Narrow the filters first.`,
      });
    }
    const allowed = await exportAllowed(services, res.locals.staff!.email, 'zip');
    if (!allowed.ok) return sendStaffNotice(services, req, res, 429, { title: 'PDF bundle', message: allowed.message });
    const boss = services.boss;
    const id = await knex.transaction(async (trx) => {
      const exportId = await insertStaffExport(trx, { staff_email: res.locals.staff!.email, filter, total, now: services.now() });
      await boss.send(PDF_ZIP_QUEUE, { exportId }, { ...PDF_ZIP_JOB_OPTIONS, db: transactionalDb(trx) });
      return exportId;
    });
    await audit(services, req, res, 'export-zip', { detail: { filter, export: id } });
    res.redirect(303, `/staff/exports/${id}`);
  };

  const download: RequestHandler<{ id: string }> = async (req, res) => {
    const row = isUuid(req.params.id) ? await findStaffExport(knex, req.params.id) : null;
    if (!row) throw new HttpError(404, 'No such export.');
    if (row.status !== 'ready' || !row.output_key) return res.redirect(303, `/staff/exports/${row.id}`);
    await audit(services, req, res, 'download-zip', { detail: { export: row.id } });
    res.redirect(
      303,
      await services.storage.signedDownloadUrl(row.output_key, `applications-${new Date(row.created_at).toISOString().slice(0, 10)}.zip`),
    );
  };

  return { start, download };
}
