import type { RequestHandler } from 'express';
import type { AppServices } from '../app-services.server.js';
import { HttpError } from '../http-error.server.js';
import { resolveServiceToken, type ServiceTokenProblem, type ServiceUser } from './service-token.server.js';
import { isApiRequest } from '../errors.server.js';
import { renderNoticeHtml } from '../generic-error-html.server.js';

declare global {
  namespace Express {
    interface Locals {
      /** Set when the request carries a valid `service_token` (§2 service-user view): read-only staff access. */
      serviceUser?: ServiceUser | null;
    }
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);

const PROBLEM_HEADINGS: Record<ServiceTokenProblem, string> = {
  invalid: 'This staff link is not valid',
  expired: 'This staff link has expired',
  revoked: 'This staff link has been revoked',
};

/**
 * §2 entry loading reads `service_token`: a valid one makes this request a read-only staff request for
 * one application. Staff responses are never cached or referred; any write carrying a token is refused.
 */
export function serviceMode(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    const token = req.query.service_token ?? req.get('x-service-token');
    if (token === undefined) return next();
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (!READ_METHODS.has(req.method)) return next(new HttpError(403, 'A staff read-only link cannot change an application.'));
    const result = await resolveServiceToken(services.db.knex, services.config.sessionSecret, token, services.now());
    if (!result.ok) {
      // A page (not the API) says which problem it is, instead of the generic error screen.
      if (!isApiRequest(req) && req.accepts(['html', 'json']) === 'html') {
        res.status(result.status).type('html').send(renderNoticeHtml(PROBLEM_HEADINGS[result.problem], result.message));
        return;
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
