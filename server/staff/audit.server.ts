import type { Request, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import { recordAudit, type AuditAction } from '../../db/repos/staff.server.js';

/** Records who did what to which application, when and from where (the trail shown at /staff/audit). */
export async function audit(
  services: AppServices,
  req: Request,
  res: Response,
  action: AuditAction,
  target: { userId?: string | null; detail?: Record<string, unknown> } = {},
): Promise<void> {
  await recordAudit(services.db.knex, {
    at: services.now(),
    staff_email: res.locals.staff?.email ?? 'unknown',
    action,
    user_id: target.userId ?? null,
    detail: target.detail,
    ip: req.ip ?? null,
  });
}

/** The same, for an office page's data module: who and from where come with the page's request. */
export async function auditOffice(
  services: AppServices,
  office: Pick<OfficeRequest, 'staff' | 'ip'>,
  action: AuditAction,
  target: { userId?: string | null; detail?: Record<string, unknown> } = {},
): Promise<void> {
  await recordAudit(services.db.knex, {
    at: services.now(),
    staff_email: office.staff?.email ?? 'unknown',
    action,
    user_id: target.userId ?? null,
    detail: target.detail,
    ip: office.ip,
  });
}
