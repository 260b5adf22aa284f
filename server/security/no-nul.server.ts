import type { RequestHandler } from 'express';
import { HttpError } from '../../platform/http-error.server.js';

/**
 * NUL bytes (issue 23 finding 10). PostgreSQL refuses U+0000 in text and jsonb, so one that reached a query came
 * back as a 500 — after a login had already set its session. No answer, address, search or token of this
 * application holds one, so a request carrying one is refused at the door with a 400: in the URL (path or query)
 * before anything else runs, in a parsed body right after its parser.
 */
export const NUL_MESSAGE = 'The request contains a NUL character (U+0000), which is not allowed in any field.';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1));
}

/** Refuses a URL whose path or query carries a NUL (encoded as %00, or raw). */
export const rejectNulInUrl: RequestHandler = (req, _res, next) => {
  const url = req.originalUrl ?? req.url;
  if (/%00/i.test(url) || url.includes('\u0000')) return next(new HttpError(400, NUL_MESSAGE));
  next();
};

/** Refuses a parsed body holding a NUL in any key or string value; goes right after a body parser. */
export const rejectNulInBody: RequestHandler = (req, _res, next) => {
  if (hasNul(req.body)) return next(new HttpError(400, NUL_MESSAGE));
  next();
};

/** A body parser followed by the NUL check, as one middleware (the route map names its parsers one by one). */
export function withNulCheck(parser: RequestHandler): RequestHandler {
  return (req, res, next) => parser(req, res, (err?: unknown) => (err ? next(err) : rejectNulInBody(req, res, next)));
}
