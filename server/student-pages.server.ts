import type { Request, Response } from 'express';
import type { AppServices } from '../platform/app-services.server.js';
import type { PageBody, PageLocals } from './page-context.server.js';
import { withPageBody, type RenderedResponse, type VikeRender } from './page-document.server.js';
import { formPaths, guardTarget } from './application/page-routing.server.js';
import { formPageData } from './pages/form-page.server.js';

/** A shell per page and language: its document names the language (`<html lang>`) and the page's title in it. */
const shellKey = (req: Request, res: Response): string => `${(res.locals.lang as string | undefined) ?? 'en'} ${req.path}`;

interface Shell {
  headers: [string, string][];
  /** vike's document split at the CSP nonce it was rendered with, joined again with each request's own. */
  document: string[];
  /** Where the parts go and how to render them; not the first student's rendered parts, which are not kept. */
  pageBody: Omit<PageBody, 'html' | 'head'>;
}

/**
 * A logged-in student's form page without vike's per-request work (ADR 0300). vike renders a form page's first
 * student request in this process as every page; its document (head, style sheet, the page's script: the
 * same for every student but the nonce) is kept as the page's shell. A student's next plain request of that
 * page runs the same guard and data module (server/pages/form-page.server.ts) and the same body render (pages/+onRenderHtml.tsx), and the
 * body goes into the shell. vike's routing, hook runner and page-context copies cost more than the page's
 * render (docs/performance.md); test/integration/student-pages.test.ts checks that both ways send the same
 * document. Anything else (a query string, a flash message, staff, a redirect) takes vike's way.
 */
export class StudentPageShells {
  private readonly paths: ReadonlySet<string>;
  private readonly shells = new Map<string, Shell>();

  constructor(private readonly services: AppServices) {
    this.paths = new Set(formPaths());
  }

  applies(req: Request, res: Response): boolean {
    return (
      this.paths.has(req.originalUrl) &&
      Boolean(res.locals.user) &&
      !res.locals.serviceUser &&
      !res.locals.flash &&
      typeof res.locals.cspNonce === 'string' &&
      res.locals.cspNonce.length > 0
    );
  }

  /** The page, or null when this page has no shell yet or the §2 rules redirect (vike's way then does it). */
  async render(req: Request, res: Response): Promise<RenderedResponse | null> {
    const shell = this.shells.get(shellKey(req, res));
    if (!shell) return null;
    const cspNonce = res.locals.cspNonce as string;
    // The parts of vike's pageContext that the guard, +data and the pages read (server/page-context.server.ts):
    // this request's, as vike would have made them for a URL with no query string.
    const pageContext = {
      urlOriginal: req.originalUrl,
      urlPathname: req.path,
      urlParsed: {
        pathname: req.path,
        search: {} as Record<string, string>,
        searchAll: {},
        searchOriginal: null,
        hash: '',
        hashOriginal: null,
      },
      headersOriginal: req.headers,
      cspNonce,
      reactChunk: (req.app.locals.reactChunk as string | null | undefined) ?? null,
      services: this.services,
      locals: res.locals as PageLocals,
      data: undefined as unknown,
      responseHeaders: undefined as Record<string, string> | undefined,
    };
    if (await guardTarget(pageContext)) return null;
    pageContext.data = await formPageData(pageContext);
    const parts = shell.pageBody.render(pageContext as unknown as Vike.PageContextServer);
    return {
      statusCode: 200,
      headers: [...shell.headers, ...Object.entries(pageContext.responseHeaders ?? {})],
      body: withPageBody(shell.document.join(cspNonce), { ...shell.pageBody, ...parts }),
    };
  }

  /** Keeps the shell of a page vike rendered (200) for a request this class applies to. */
  learn(req: Request, res: Response, rendered: VikeRender): void {
    if (this.shells.has(shellKey(req, res)) || rendered.failed || rendered.statusCode !== 200 || !rendered.pageBody) return;
    this.shells.set(shellKey(req, res), {
      headers: rendered.pageHeaders,
      document: rendered.document.split(res.locals.cspNonce as string),
      pageBody: { bodyMark: rendered.pageBody.bodyMark, headMark: rendered.pageBody.headMark, render: rendered.pageBody.render },
    });
  }
}
