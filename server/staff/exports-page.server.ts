import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { ExportPageData, ExportRowData, ExportsPageData } from '../../contracts/staff-desk-pages-data.js';
import { findStaffExport, listStaffExports, type StaffExportRow } from '../../db/repos/staff-exports.server.js';
import { formatDeskTime } from '../../form/local-time.js';
import { entryTermOptions, filterQuery, isUuid, majorOptions } from './filter.server.js';
import { describeFilter, filterFields } from './list-page.server.js';
import { countText } from './count-text.js';
import { auditOffice } from './audit.server.js';

const STATE_TEXT: Record<StaffExportRow['status'], string> = {
  queued: 'Waiting to start',
  running: 'Being built',
  ready: 'Ready',
  failed: 'Failed',
};

/** GET /staff/exports: the PDF bundles, newest first; the list names who exported which filter, so reading it is in the trail (issue 23 finding 5). */
export async function exportsPageData(services: AppServices, office: OfficeRequest): Promise<ExportsPageData> {
  const rows = await listStaffExports(services.db.knex, 50);
  await auditOffice(services, office, 'open-exports');
  return {
    title: 'PDF bundles',
    staffEmail: office.staff?.email ?? null,
    rows: rows.map((row) => exportRow(row, services)),
  };
}

function exportRow(row: StaffExportRow, services: AppServices): ExportRowData {
  const query = filterQuery(row.filter);
  const now = services.now();
  const options = { terms: entryTermOptions(now, services.config.admissionCycle), majors: majorOptions(now), readers: [] };
  const ready = row.status === 'ready';
  return {
    id: row.id,
    requested: formatDeskTime(row.created_at, services.config.timeZone),
    by: row.staff_email,
    filterHref: `/staff${query}`,
    filterText: describeFilter(filterFields(row.filter, options)) || 'all applications',
    state: `${STATE_TEXT[row.status]}${row.status === 'running' || row.status === 'queued' ? ` (${row.done} of ${row.total})` : ''}${row.message ? ` ${row.message}` : ''}`,
    href: ready ? `/staff/exports/${row.id}/download` : `/staff/exports/${row.id}`,
    linkText: ready ? 'Download ZIP' : 'Check progress',
  };
}

/** GET /staff/exports/:id: one bundle's progress (no applicant data: counts only). */
export async function exportPageData(services: AppServices, office: OfficeRequest): Promise<ExportPageData> {
  const id = office.params.id ?? '';
  const row = isUuid(id) ? await findStaffExport(services.db.knex, id) : null;
  const staffEmail = office.staff?.email ?? null;
  if (!row) return { title: 'No such export.', staffEmail, found: false };
  const progress =
    row.status === 'ready'
      ? 'The ZIP is ready.'
      : row.status === 'failed'
        ? (row.message ?? 'The ZIP could not be built.')
        : `${row.done} of ${countText(row.total, 'application')} done. Reload this page to see the progress.`;
  return {
    title: 'PDF bundle',
    staffEmail,
    found: true,
    progress,
    downloadHref: row.status === 'ready' ? `/staff/exports/${row.id}/download` : null,
    reloadHref: `/staff/exports/${row.id}`,
  };
}
