import type { Request, RequestHandler, Response } from 'express';
import { renderPage } from 'vike/server';
import { DEFAULT_ROUTE, isPageRoute } from '../contracts/routes.js';
import { formPaths } from './application/page-routing.server.js';
import type { AppServices } from '../platform/app-services.server.js';
import { pageRenders } from '../platform/observability/metrics.server.js';
import { StudentPageShells } from './student-pages.server.js';
import { encodePageBody } from './page-encoding.server.js';
import { withPageBody, type RenderedResponse, type VikeRender } from './page-document.server.js';

/** Renders the routes of §2 with vike; every other path redirects to /about keeping its query string. */
export function pageRenderer(services: AppServices, options: { keepStudentShells: boolean }): RequestHandler {
  const visitorPages = new VisitorPageCache(services);
  const studentPages = options.keepStudentShells ? new StudentPageShells(services) : null;
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!isPageRoute(req.path)) {
      const q = req.originalUrl.indexOf('?');
      res.redirect(302, DEFAULT_ROUTE + (q === -1 ? '' : req.originalUrl.slice(q)));
      return;
    }
    if (studentPages?.applies(req, res)) {
      const page = await studentPages.render(req, res);
      if (page) {
        pageRenders.inc({ renderer: 'student-shell' });
        return send(req, res, page, undefined);
      }
      const rendered = await renderResponse(services, req, res, req.originalUrl);
      studentPages.learn(req, res, rendered);
      return send(req, res, rendered, undefined);
    }
    if (!visitorPages.applies(req, res)) return sendPage(services, req, res, req.originalUrl);
    // One kept page per language (docs/i18n.md): a visitor without cookies may still ask for Spanish (Accept-Language).
    const cacheKey = `${res.locals.lang ?? 'en'} ${req.path}`;
    const kept = visitorPages.get(cacheKey);
    if (kept) pageRenders.inc({ renderer: 'visitor-cache' });
    const page = kept ?? visitorPages.keep(cacheKey, res, await renderResponse(services, req, res, req.originalUrl));
    send(req, res, { ...page, body: page.body.join(res.locals.cspNonce as string) }, undefined);
  };
}

/**
 * Renders `urlOriginal` with vike and sends it. `extra` joins the page context: a form page posted without
 * scripts that must show again (what was typed, its errors) passes it here (server/form-post).
 */
export async function sendPage(
  services: AppServices,
  req: Request,
  res: Response,
  urlOriginal: string,
  extra: Record<string, unknown> = {},
  status?: number,
): Promise<void> {
  send(req, res, await renderResponse(services, req, res, urlOriginal, extra), status);
}

async function renderResponse(
  services: AppServices,
  req: Request,
  res: Response,
  urlOriginal: string,
  extra: Record<string, unknown> = {},
): Promise<VikeRender> {
  pageRenders.inc({ renderer: 'vike' });
  const pageContext = await renderPage({
    ...extra,
    urlOriginal,
    headersOriginal: req.headers,
    cspNonce: res.locals.cspNonce as string,
    reactChunk: (req.app.locals.reactChunk as string | null | undefined) ?? null,
    services,
    locals: res.locals,
  });
  const { httpResponse } = pageContext;
  if (pageContext.errorWhileRendering) req.log.error({ err: pageContext.errorWhileRendering }, 'page render failed');
  const headers: [string, string][] = [];
  for (const [name, value] of httpResponse.headers) {
    // Our own CSP (helmet) is stricter than the one vike would add.
    if (name.toLowerCase() === 'content-security-policy') continue;
    headers.push([name, value]);
  }
  const ownHeaders = Object.entries((pageContext as { responseHeaders?: Record<string, string> }).responseHeaders ?? {});
  const asked = (pageContext as { responseStatus?: number }).responseStatus;
  return {
    statusCode: asked && httpResponse.statusCode === 200 ? asked : httpResponse.statusCode,
    headers: [...headers, ...ownHeaders],
    body: withPageBody(httpResponse.body, pageContext.pageBody),
    failed: Boolean(pageContext.errorWhileRendering),
    document: httpResponse.body,
    pageBody: pageContext.pageBody,
    pageHeaders: headers,
  };
}

function send(req: Request, res: Response, page: RenderedResponse, status: number | undefined): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.status(status !== undefined && page.statusCode === 200 ? status : page.statusCode);
  // Not res.send: its automatic ETag hashes the whole page, and could never match, as every page carries a
  // fresh CSP nonce. vike has set Content-Type.
  const body = encodePageBody(req, res, page.body);
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** How long a form page rendered for visitors is reused: what depends on the time (the open-applications banner, year lists) is at most this late. */
export const VISITOR_PAGE_TTL_MS = 1000;

interface KeptPage {
  statusCode: number;
  headers: [string, string][];
  /** The page split at its CSP nonce, joined again with each request's own. */
  body: string[];
  renderedAt: number;
  wallClockAt: number;
}

/**
 * A form page requested by a visitor with no cookie at all and no query string is the same page for everybody
 * (no answers, no session, no flash, no kept answers, no prefill, no upload form) but its CSP nonce: it is
 * rendered through vike once a second and reused, with the request's nonce put in. Any cookie, query, post,
 * session or staff token takes the full render.
 */
class VisitorPageCache {
  private readonly paths: ReadonlySet<string>;
  private readonly pages = new Map<string, KeptPage>();

  constructor(private readonly services: AppServices) {
    this.paths = new Set(formPaths());
  }

  applies(req: Request, res: Response): boolean {
    return (
      this.paths.has(req.originalUrl) &&
      req.headers.cookie === undefined &&
      !res.locals.user &&
      !res.locals.serviceUser &&
      !res.locals.flash &&
      typeof res.locals.cspNonce === 'string' &&
      res.locals.cspNonce.length > 0
    );
  }

  get(path: string): KeptPage | undefined {
    const page = this.pages.get(path);
    if (!page) return undefined;
    // Both clocks: the services' one (tests move it) and the machine's (year lists follow it).
    const age = this.services.now().getTime() - page.renderedAt;
    const wallAge = Date.now() - page.wallClockAt;
    return age >= 0 && age < VISITOR_PAGE_TTL_MS && wallAge >= 0 && wallAge < VISITOR_PAGE_TTL_MS ? page : undefined;
  }

  keep(path: string, res: Response, rendered: VikeRender): KeptPage {
    const page: KeptPage = {
      statusCode: rendered.statusCode,
      headers: rendered.headers,
      body: rendered.body.split(res.locals.cspNonce as string),
      renderedAt: this.services.now().getTime(),
      wallClockAt: Date.now(),
    };
    if (rendered.statusCode === 200 && !rendered.failed) this.pages.set(path, page);
    return page;
  }
}
