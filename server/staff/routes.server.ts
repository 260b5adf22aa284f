import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { sameSiteNavigationOnly } from './cross-site.server.js';
import { sendStaffNotice } from './staff-notice.server.js';

/**
 * Without a staff session: pages go to sign-in, actions are refused (an applicant's session counts for nothing
 * here). With one, a page reached from another site shows nothing and records nothing (cross-site.server.ts).
 */
export function requireStaff(services: AppServices): RequestHandler {
  const sameSite = sameSiteNavigationOnly(services);
  return async (req, res, next) => {
    if (res.locals.staff) return sameSite(req, res, next);
    if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(303, '/staff/sign-in');
    await sendStaffNotice(services, req, res, 401, {
      title: 'Staff sign-in',
      message: 'Please sign in to the staff desk first.',
      links: [{ href: '/staff/sign-in', label: 'Staff sign-in' }],
    });
  };
}
