import type { Request, RequestHandler, Response } from 'express';
import { renderPage } from 'vike/server';
import { DEFAULT_ROUTE, isPageRoute } from '../contracts/routes.js';
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
    await sendPage(services, req, res, req.originalUrl);
  };
}

/**
 * Renders `urlOriginal` with vike and sends it. `extra` joins the page context: a form page posted without
 * scripts that must show again (what was typed, its errors) passes it here (server/form-post).
 */
export async function sendPage(services: AppServices, req: Request, res: Response, urlOriginal: string, extra: Record<string, unknown> = {}, status?: number): Promise<void> {
  const pageContext = await renderPage({
    ...extra,
    urlOriginal,
    headersOriginal: req.headers,
    cspNonce: res.locals.cspNonce as string,
    services,
    locals: res.locals,
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
  const body = withPageBody(httpResponse.body, pageContext.pageBody);
  // Not res.send: its automatic ETag hashes the whole page, and could never match, as every page carries a
  // fresh CSP nonce. vike has set Content-Type.
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The document with the page's body in place of its mark (see pages/+onRenderHtml.tsx). */
export function withPageBody(documentHtml: string, pageBody: { mark: string; html: string } | undefined): string {
  if (!pageBody) return documentHtml;
  const at = documentHtml.indexOf(pageBody.mark);
  if (at === -1) return documentHtml;
  return documentHtml.slice(0, at) + pageBody.html + documentHtml.slice(at + pageBody.mark.length);
}
