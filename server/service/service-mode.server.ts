import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { resolveServiceToken, type ServiceTokenProblem, type ServiceUser } from './service-token.server.js';
import { isApiRequest } from '../errors.server.js';
import { sendNoticePage } from '../notice-page.server.js';

declare global {
  namespace Express {
    interface Locals {
      /** Set when /print carries the PDF renderer's valid, unused print ticket (`service_token`). */
      serviceUser?: ServiceUser | null;
    }
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);

const PROBLEM_HEADINGS: Record<ServiceTokenProblem, string> = {
  invalid: 'This link is not valid',
  expired: 'This link has expired',
  used: 'This link has already been used',
};

/** Where a `service_token` is still read: the print document and its data, for the PDF renderer only. */
const PRINT_PATHS = new Set(['/print', '/service/tmp-pdf']);
export const STAFF_LINKS_MOVED =
  'Staff links no longer open applications. Sign in to the staff desk (/staff) and open the application there.';

/**
 * §2 entry loading reads `service_token`. Since issue 23 (finding 3) it is no staff bearer link any more: staff
 * read applications at /staff/applications/:id in their own session, and the only token left is the PDF
 * renderer's single-use, two-minute print ticket, accepted on /print (and /service/tmp-pdf) alone. A token
 * on any other page opens nothing. Responses are never cached or referred; any write carrying a token is refused.
 */
export function serviceMode(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    const token = req.query.service_token ?? req.get('x-service-token');
    if (token === undefined) return next();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (!READ_METHODS.has(req.method)) return next(new HttpError(403, 'A staff read-only link cannot change an application.'));
    if (!PRINT_PATHS.has(req.path)) {
      if (!isApiRequest(req) && req.accepts(['html', 'json']) === 'html') {
        return sendNoticePage(services, req, res, 410, {
          kind: 'notice',
          title: 'Staff links have moved to the staff desk',
          message: STAFF_LINKS_MOVED,
          link: { href: '/staff', label: 'Go to the staff desk' },
        });
      }
      return next(new HttpError(410, STAFF_LINKS_MOVED));
    }
    const result = await resolveServiceToken(services.db.knex, services.config.sessionSecret, token, services.now(), req.ip ?? null);
    if (!result.ok) {
      // A page (not the API) says which problem it is, instead of the generic error screen.
      if (!isApiRequest(req) && req.accepts(['html', 'json']) === 'html') {
        return sendNoticePage(services, req, res, result.status, {
          kind: 'notice',
          title: PROBLEM_HEADINGS[result.problem],
          message: result.message,
        });
      }
      return next(new HttpError(result.status, result.message));
    }
    res.locals.serviceUser = result.user;
    next();
  };
}

/** Guard for /service routes. */
export const requireServiceUser: RequestHandler = (_req, res, next) => {
  if (!res.locals.serviceUser) return next(new HttpError(401, 'A valid staff link (service_token) is required.'));
  next();
};
