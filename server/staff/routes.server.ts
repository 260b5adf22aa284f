import express, { Router, type RequestHandler } from 'express';
import type { Feature } from '../routes/routers.server.js';
import { staffSessionMiddleware } from './staff-session.server.js';
import { sendStaffMessage } from './html.server.js';
import { sameSiteNavigationOnly } from './cross-site.server.js';
import { STAFF_CSS } from './staff-css.server.js';
import { signInRoutes } from './sign-in-routes.server.js';
import { deskRoutes } from './desk-routes.server.js';
import { webhookRoutes } from './webhook-routes.server.js';
import { exportRoutes } from './export-routes.server.js';

/** Without a staff session: pages go to sign-in, actions are refused (an applicant's session counts for nothing here). */
const requireStaff: RequestHandler = (req, res, next) => {
  if (res.locals.staff) return next();
  if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(303, '/staff/sign-in');
  sendStaffMessage(res, 401, 'Staff sign-in', null, 'Please sign in to the staff desk first.');
};

/** The staff desk under /staff (ADR 0170). */
export const staffFeature: Feature = ({ root }, services) => {
  const staff = Router();
  staff.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  staff.get('/staff.css', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('css').send(STAFF_CSS);
  });
  staff.use(express.urlencoded({ extended: false, limit: '16kb' }));
  staff.use(staffSessionMiddleware(services));
  signInRoutes(staff, services);
  staff.use(requireStaff);
  staff.use(sameSiteNavigationOnly);
  deskRoutes(staff, services);
  webhookRoutes(staff, services);
  exportRoutes(staff, services);
  root.use('/staff', staff);
};
