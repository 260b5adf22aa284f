import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { AuditTrailPageData } from '../../contracts/office-page-data.js';
import { listAudit } from '../../db/repos/staff.server.js';
import { formatDeskTime } from '../../form/local-time.js';
import { auditOffice } from './audit.server.js';

const PAGE_SIZE = 50;

/** /staff/audit: the trail, newest first, 50 at a time; reading it is itself in the trail (issue 23 finding 5). */
export async function auditTrailPageData(services: AppServices, office: OfficeRequest): Promise<AuditTrailPageData> {
  const asked = office.query.get('before');
  const before = asked && /^\d{1,18}$/.test(asked) ? asked : null;
  const rows = await listAudit(services.db.knex, { before, limit: PAGE_SIZE + 1 });
  // This entry shows on the next reading.
  await auditOffice(services, office, 'open-audit', { detail: before ? { before } : {} });
  const page = rows.slice(0, PAGE_SIZE);
  return {
    title: 'Audit trail',
    staffEmail: office.staff?.email ?? null,
    rows: page.map((row) => ({
      id: String(row.id),
      at: formatDeskTime(row.at, services.config.timeZone, 'seconds'),
      who: row.staff_email,
      what: row.action,
      application: row.applicant ?? auditDetail(row.detail),
      from: row.ip ?? '',
    })),
    olderHref: rows.length > PAGE_SIZE ? `/staff/audit?before=${page.at(-1)!.id}` : null,
  };
}

/** The detail column: short (a feed pull lists up to 500 ids; the trail shows how many). */
function auditDetail(detail: Record<string, unknown> | null): string {
  if (!detail || Object.keys(detail).length === 0) return '';
  const { ids, ...rest } = detail as { ids?: unknown[] };
  return JSON.stringify(Array.isArray(ids) ? { ...rest, applications: ids.length } : rest);
}
