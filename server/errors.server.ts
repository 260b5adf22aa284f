import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { AppServices } from '../platform/app-services.server.js';
import { HttpError } from '../platform/http-error.server.js';
import { GENERIC_ERROR_PAGE, sendNoticePage } from './notice-page.server.js';
import { GENERIC_ERROR_MESSAGE } from '../contracts/messages.js';
import { isMalformedUpload } from './storage/http-errors.server.js';

export const API_PREFIXES = ['/api', '/public', '/service', '/lookup', '/integration'];

export function isApiRequest(req: Request): boolean {
  return API_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`));
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'We could not reach our database for a moment, so this change was not saved. Please try again in a few seconds.';

// Connection-level failures (PostgreSQL restarting, failing over or refusing connections): the request
// did nothing, so the client may safely retry. Codes: 57P01-57P03 admin shutdown / crash / starting up,
// 08xxx connection exceptions; knex reports an exhausted pool as a TimeoutError.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '53300']);

export function isDatabaseUnavailable(err: any): boolean {
  const code = typeof err?.code === 'string' ? err.code : '';
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
  const message = String(err?.message ?? '');
  return (
    err?.name === 'KnexTimeoutError' ||
    /Connection terminated|terminating connection|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/.test(
      message,
    )
  );
}

/** Body-parser and multer errors carry a status and a type; translate them into clear messages. */
function clientErrorFrom(err: any): HttpError | null {
  if (err instanceof HttpError) return err;
  if (isDatabaseUnavailable(err)) return new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE, {}, { 'Retry-After': '2' });
  if (err?.type === 'entity.parse.failed') return new HttpError(400, 'The request body is not valid JSON.');
  if (err?.type === 'entity.too.large') return new HttpError(413, 'The request body is too large.');
  if (err?.type === 'encoding.unsupported' || err?.type === 'charset.unsupported') {
    return new HttpError(415, 'The request body encoding is not supported.');
  }
  if (err?.code === 'LIMIT_FILE_SIZE') return new HttpError(413, 'Your file is too large. The maximum file size is 1 MB.');
  if (typeof err?.code === 'string' && err.code.startsWith('LIMIT_')) return new HttpError(400, 'The upload was not in the expected form.');
  if (isMalformedUpload(err)) return new HttpError(400, 'The upload was not in the expected form.');
  if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500 && err.expose) {
    return new HttpError(err.status, String(err.message));
  }
  return null;
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  if (isApiRequest(req)) return next(new HttpError(404, 'Not found.'));
  next();
};

/** The last handler: a JSON message for the API, else a page (pages/notice) saying why in plain words. */
export function errorHandler(services: AppServices): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const clientError = clientErrorFrom(err);
    if (!clientError) req.log?.error({ err }, 'unhandled error');
    else if (clientError.status >= 500) req.log?.warn({ status: clientError.status, msg: clientError.message }, 'service unavailable');
    if (res.headersSent) {
      res.end();
      return;
    }
    const status = clientError?.status ?? 500;
    for (const [name, value] of Object.entries(clientError?.headers ?? {})) res.setHeader(name, value);
    if (isApiRequest(req) || req.accepts(['html', 'json']) === 'json') {
      res.status(status).json({ ...(clientError?.body ?? {}), message: clientError?.message ?? GENERIC_ERROR_MESSAGE });
      return;
    }
    // A refused request (4xx) says why in plain words; anything else is the §2 generic error screen.
    const notice =
      clientError && status < 500
        ? {
            kind: 'notice' as const,
            title: 'This request could not be used',
            message: clientError.message,
            link: { href: '/about', label: 'Return to your application' },
          }
        : GENERIC_ERROR_PAGE;
    void sendNoticePage(services, req, res, status, notice);
  };
}
