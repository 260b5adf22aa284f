import type { Request, RequestHandler, Response } from 'express';
import { renderPage } from 'vike/server';
import { DEFAULT_ROUTE, isPageRoute } from '../pages/routes.js';
import type { AppServices } from './services.server.js';

/** Renders the routes of §2 with vike; every other path redirects to /about keeping its query string. */
export function pageRenderer(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!isPageRoute(req.path)) {
      const q = req.originalUrl.indexOf('?');
      res.redirect(302, DEFAULT_ROUTE + (q === -1 ? '' : req.originalUrl.slice(q)));
      return;
    }
    await sendPage(services, req, res);
  };
}

/**
 * Renders the page at the request's URL and sends it. `extra` joins the page context (e.g. an auth card
 * shown again after a plain form post); `status` replaces a 200 (a redirect from the page's guard stays).
 */
export async function sendPage(services: AppServices, req: Request, res: Response, extra: Record<string, unknown> = {}, status?: number): Promise<void> {
  const pageContext = await renderPage({
    urlOriginal: req.originalUrl,
    headersOriginal: req.headers,
    cspNonce: res.locals.cspNonce as string,
    services,
    locals: res.locals,
    ...extra,
  });
  const { httpResponse } = pageContext;
  if (pageContext.errorWhileRendering) req.log.error({ err: pageContext.errorWhileRendering }, 'page render failed');
  for (const [name, value] of httpResponse.headers) {
    // Our own CSP (helmet) is stricter than the one vike would add.
    if (name.toLowerCase() === 'content-security-policy') continue;
    res.setHeader(name, value);
  }
  for (const [name, value] of Object.entries((pageContext as { responseHeaders?: Record<string, string> }).responseHeaders ?? {})) {
    res.setHeader(name, value);
  }
  res.status(status !== undefined && httpResponse.statusCode === 200 ? status : httpResponse.statusCode);
  // Not res.send: its automatic ETag hashes the whole page, and could never match, as every page carries a
  // fresh CSP nonce. vike has set Content-Type.
  res.setHeader('Content-Length', Buffer.byteLength(httpResponse.body));
  res.end(req.method === 'HEAD' ? undefined : httpResponse.body);
}
