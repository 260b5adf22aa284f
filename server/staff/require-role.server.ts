import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import type { StaffRole } from '../../platform/config-reading.server.js';
import { forbiddenMessage, hasRole } from '../../domain/reading/roles.server.js';
import { recordAudit } from '../../db/repos/staff.server.js';
import { sendStaffMessage } from './html.server.js';

/**
 * After the 'staff' guard: only staff holding `role` (STAFF_ROLES, docs/reading.md) go on. Anyone else gets a
 * 403 page saying who may, and the trail records the refusal ('forbidden', naming the route and the role).
 */
export function requireRole(services: AppServices, role: StaffRole): RequestHandler {
  return async (req, res, next) => {
    const staff = res.locals.staff;
    if (staff && hasRole(services.config, staff, role)) return next();
    const id = (req.params as Record<string, string | undefined>).id;
    await recordAudit(services.db.knex, {
      at: services.now(),
      staff_email: staff?.email ?? 'unknown',
      action: 'forbidden',
      user_id: id && /^[0-9a-f-]{36}$/i.test(id) ? id : null,
      detail: { action: res.locals.route ?? `${req.method} ${req.path}`, role },
      ip: req.ip ?? null,
    });
    sendStaffMessage(res, 403, 'Not allowed', staff ?? null, forbiddenMessage(role));
  };
}
