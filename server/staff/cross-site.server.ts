import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import type { CrossSiteData } from '../../contracts/staff-desk-pages-data.js';
import type { StaffUser } from './staff-session.server.js';
import { sendPage } from '../render.server.js';
import { OFFICE_HEADERS } from '../office-page.server.js';

/** The page (pages/(office)/staff/cross-site) that offers to open a staff page reached from another site. */
export const CROSS_SITE_URL = '/staff/cross-site';

/**
 * Staff pages write to the audit trail when they are read (issue 23 finding 9): a page opened from another
 * site (a link or a redirect there; the browser's Sec-Fetch-Site, which no page can forge) shows nothing,
 * writes nothing, and offers one link to open it from here. Browsers that send no Sec-Fetch-Site are let
 * through: every current browser sends it, and a script without the cookie gets nothing anyway.
 */
export function sameSiteNavigationOnly(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const site = req.get('sec-fetch-site');
    if (site === undefined || site === 'same-origin' || site === 'none') return next();
    const staff = res.locals.staff as StaffUser;
    const crossSite: CrossSiteData = { title: 'Open this staff page?', staffEmail: staff.email, url: req.originalUrl };
    await sendPage(services, req, res, CROSS_SITE_URL, { crossSite, responseHeaders: { ...OFFICE_HEADERS } }, 200);
  };
}
