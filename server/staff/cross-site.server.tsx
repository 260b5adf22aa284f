import type { RequestHandler } from 'express';
import { StaffLayout, sendStaffPage } from './html.server.js';
import type { StaffUser } from './staff-session.server.js';

/** A staff page opened from another site (Sec-Fetch-Site: cross-site): no data, no audit, one link to open it from here. */
export function CrossSiteNotice({ staff, url }: { staff: StaffUser; url: string }) {
  return (
    <StaffLayout title="Open this staff page?" staff={staff}>
      <p>You followed a link from another site to a page of the staff desk. Nothing was opened or recorded.</p>
      <p>
        <a className="button" href={url}>
          Open the page
        </a>{' '}
        <a href="/staff">Back to the applications</a>
      </p>
    </StaffLayout>
  );
}

/**
 * Staff pages write to the audit trail when they are read (issue 23 finding 9): a page opened from another
 * site (a link or a redirect there; the browser's Sec-Fetch-Site, which no page can forge) shows nothing,
 * writes nothing, and offers one link to open it from here. Browsers that send no Sec-Fetch-Site are let
 * through: every current browser sends it, and a script without the cookie gets nothing anyway.
 */
export const sameSiteNavigationOnly: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const site = req.get('sec-fetch-site');
  if (site === undefined || site === 'same-origin' || site === 'none') return next();
  sendStaffPage(res, 200, <CrossSiteNotice staff={res.locals.staff!} url={req.originalUrl} />);
};

