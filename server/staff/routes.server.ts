import type { RequestHandler } from 'express';
import { sendStaffMessage } from './html.server.js';
import { sameSiteNavigationOnly } from './cross-site.server.js';

/**
 * Without a staff session: pages go to sign-in, actions are refused (an applicant's session counts for nothing
 * here). With one, a page reached from another site shows nothing and records nothing (cross-site.server.tsx).
 */
export const requireStaff: RequestHandler = (req, res, next) => {
  if (res.locals.staff) return sameSiteNavigationOnly(req, res, next);
  if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(303, '/staff/sign-in');
  sendStaffMessage(res, 401, 'Staff sign-in', null, 'Please sign in to the staff desk first.');
};
