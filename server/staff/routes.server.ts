import type { RequestHandler } from 'express';
import { sendStaffMessage } from './html.server.js';
import { sameSiteNavigationOnly } from './cross-site.server.js';
import { STAFF_CSS } from './staff-css.server.js';

/**
 * Without a staff session: pages go to sign-in, actions are refused (an applicant's session counts for nothing
 * here). With one, a page reached from another site shows nothing and records nothing (cross-site.server.tsx).
 */
export const requireStaff: RequestHandler = (req, res, next) => {
  if (res.locals.staff) return sameSiteNavigationOnly(req, res, next);
  if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(303, '/staff/sign-in');
  sendStaffMessage(res, 401, 'Staff sign-in', null, 'Please sign in to the staff desk first.');
};

/** The desk's one stylesheet: the same for everyone, so it may be cached (every other /staff answer is no-store). */
export const staffCss: RequestHandler = (_req, res) => {
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.type('css').send(STAFF_CSS);
};
