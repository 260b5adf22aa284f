import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../../platform/config.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { servesHttps } from '../cookies.server.js';
import { s3UploadOrigin } from '../../platform/storage/s3-upload-origin.js';

/** A fresh CSP nonce per request, readable by the renderer as res.locals.cspNonce. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64url');
  next();
};

export function securityHeaders(config: Config, options: { dev: boolean; hmrPort?: number }): RequestHandler {
  const nonce = (_req: unknown, res: any) => `'nonce-${res.locals.cspNonce}'`;
  const s3Origin = config.s3 ? s3UploadOrigin(config.s3) : null;
  const connectSrc = ["'self'", ...(s3Origin ? [s3Origin] : [])];
  const formAction = ["'self'", ...(s3Origin ? [s3Origin] : [])];
  if (options.dev && options.hmrPort) connectSrc.push(`ws://localhost:${options.hmrPort}`, `ws://127.0.0.1:${options.hmrPort}`);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce],
        // Vite injects component CSS as <style> elements in development only.
        styleSrc: options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'", nonce],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc,
        formAction,
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        ...(options.dev ? {} : { upgradeInsecureRequests: [] }),
      },
    },
    strictTransportSecurity: config.nodeEnv === 'production' && servesHttps(config) ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests whose Origin (or, failing that, Referer) is another site.
 * Browsers always send Origin on cross-origin POST/PUT/DELETE; a request with neither header is a
 * non-browser client, which cannot carry a victim's cookies by accident.
 * A plain form post from a page served with Referrer-Policy: no-referrer (/reset) carries `Origin: null`
 * (Fetch standard); the browser's own Sec-Fetch-Site, which no page can set, then says whether it is ours.
 */
export function sameOriginOnly(config: Config): RequestHandler {
  const allowed = new Set([new URL(config.publicUrl).origin]);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin') ?? refererOrigin(req.get('referer'));
    if (!origin) return next();
    const own = `${req.protocol}://${req.get('host')}`;
    if (origin === own || allowed.has(origin)) return next();
    if (origin === 'null' && req.get('sec-fetch-site') === 'same-origin') return next();
    next(new HttpError(403, 'This request came from another site and was refused.'));
  };
}

function refererOrigin(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
