import type { RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';

declare global {
  namespace Express {
    interface Locals {
      /** When the request reached the server, read before any await: a submit is judged against the deadline by it. */
      arrivedAt?: Date;
    }
  }
}

/**
 * The first middleware: a submit that reached the server before the deadline is accepted even if the session
 * lookup, a lock wait or a slow database ends after it (issue 40), so the clock is read here, once.
 */
export function recordArrival(services: AppServices): RequestHandler {
  return (_req, res, next) => {
    res.locals.arrivedAt = services.now();
    next();
  };
}

export function arrivalOf(services: AppServices, res: Response): Date {
  return res.locals.arrivedAt ?? services.now();
}
