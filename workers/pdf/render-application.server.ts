import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PRINT_ROUTE } from '../../contracts/routes.js';
import type { MergeInput } from './merge-application.server.js';

export interface RenderInput {
  baseUrl: string;
  /** The single-use print ticket of this application (platform/tokens/print-token.server.ts). */
  serviceToken: string;
  /** The merged PDF's title; the printed header (name, reference, form page) comes from the print document. */
  applicantName: string;
  /** Converted documents (PDF bytes) appended after the form pages, in definition order. */
  documents: Array<{ label: string; pdf: Uint8Array }>;
}

/**
 * Warm tabs, kept per browser: opening a tab starts a renderer process (a quarter of a second on a busy
 * machine), which used to cost more than printing the page. A tab goes back to the pool emptied (its document
 * replaced by an empty one) with the context's cookies cleared, so nothing of one applicant is left for the
 * next; JavaScript is off and staff responses are no-store. The context is replaced now and then to bound
 * Chromium's memory.
 */
class TabPool {
  private context: Promise<BrowserContext> | null = null;
  private idle: Page[] = [];
  private releasing = new Set<Promise<void>>();
  private uses = 0;

  constructor(
    private readonly browser: Browser,
    private readonly maxIdle: number,
  ) {}

  async acquire(): Promise<Page> {
    if (this.uses++ >= CONTEXT_USES) await this.recycle();
    let tab = this.idle.pop();
    // A tab being emptied is ready in tens of milliseconds; a new one starts a renderer (a few hundred).
    if (!tab && this.releasing.size > 0) {
      await Promise.race([...this.releasing, delay(RELEASE_WAIT_MS, undefined, { ref: false })]);
      tab = this.idle.pop();
    }
    if (tab && !tab.isClosed()) return tab;
    this.context ??= this.browser.newContext({ javaScriptEnabled: false });
    const created = await (await this.context).newPage();
    await created.emulateMedia({ media: 'print' });
    return created;
  }

  /**
   * Empties the tab and only then makes it available again; the caller need not wait (the PDF is already
   * in hand), so the next applicant never meets this one's page and this one's render does not pay for it.
   */
  release(tab: Page, healthy: boolean): Promise<void> {
    const done: Promise<void> = this.empty(tab, healthy).finally(() => this.releasing.delete(done));
    this.releasing.add(done);
    return done;
  }

  private async empty(tab: Page, healthy: boolean): Promise<void> {
    const context = this.context;
    try {
      if (!healthy || this.idle.length >= this.maxIdle) throw new Error('not kept');
      // Emptied in place, not by navigating to about:blank: the print view's origin and about:blank's are
      // different sites, and Chromium gave the tab a new renderer process on the way to about:blank and another on
      // the way back to the next print view (half of a warm PDF's time: 170–220 ms per print view where it now takes 100).
      await tab.setContent('');
      if ((await tab.content()) !== EMPTY_DOCUMENT) throw new Error('not emptied');
      await tab.context().clearCookies();
      // A context recycled meanwhile closes its tabs; only a tab of the current one goes back.
      if (this.context !== context || tab.isClosed() || this.idle.length >= this.maxIdle) throw new Error('not kept');
      this.idle.push(tab);
    } catch {
      await tab.close().catch(() => undefined);
    }
  }

  private async recycle(): Promise<void> {
    const old = this.context;
    this.context = null;
    this.idle = [];
    this.releasing.clear();
    this.uses = 1;
    await (await old?.catch(() => null))?.close().catch(() => undefined);
  }
}

/** Printing the application takes well under a second; well inside the job's 60 s expiry, so a retry follows at once. */
export const PRINT_TIMEOUT_MS = 45_000;

async function withinTimeLimit<T>(work: Promise<T>, ms: number, onTimeout: () => Promise<unknown>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(`printing the application took longer than ${ms / 1000} s; Chromium was restarted`));
    }, ms);
  });
  try {
    return await Promise.race([work, expired]);
  } catch (err) {
    if (timedOut) {
      work.catch(() => undefined);
      await onTimeout();
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** What an emptied tab holds (`setContent('')`), checked before the tab is reused. */
export const EMPTY_DOCUMENT = '<html><head></head><body></body></html>';
/** One tab prints one application; by default two at a time per worker and one spare while a tab is emptied. */
const DEFAULT_IDLE_TABS = 3;
/** How long a render waits for a tab being emptied before it opens a new one. */
const RELEASE_WAIT_MS = 1_000;
const CONTEXT_USES = 500;
const pools = new WeakMap<Browser, TabPool>();

function poolFor(browser: Browser, idleTabs: number): TabPool {
  let pool = pools.get(browser);
  if (!pool) pools.set(browser, (pool = new TabPool(browser, idleTabs)));
  return pool;
}

/** US Letter with the margins the running header sits in (the print document's @page rules fill it). */
const PDF_OPTIONS = {
  format: 'Letter',
  printBackground: true,
  margin: { top: '0.8in', bottom: '0.8in', left: '0.7in', right: '0.7in' },
  // The header is drawn by the print document's CSS page margin boxes (pages/print/print-rules.ts), far
  // cheaper than Chromium's header template, which lays out a document of its own for every sheet; page
  // numbers are drawn after merging, across the whole document.
  displayHeaderFooter: false,
} as const;

/**
 * The print document, read by this process and written into the warm tab, rather than navigated to: a navigation
 * (a new document, the network service, the navigation's own bookkeeping) cost Chromium 84 ms of CPU per PDF where
 * writing the same HTML into the tab and printing cost 69 ms in all (printing alone 51), measured on one 2-core
 * machine; Chromium was three quarters of a PDF's CPU. The print ticket is still single use: this fetch spends it.
 * The tab's document stays about:blank's, so the build's stylesheet (served Cross-Origin-Resource-Policy
 * same-origin, and without url()s or @page rules of its own) is written in as a <style>, read once per worker and
 * URL (the build names it by its content hash); JavaScript stays off and nothing else is loaded.
 */
const stylesheets = new Map<string, Promise<string>>();

function stylesheet(url: string): Promise<string> {
  let css = stylesheets.get(url);
  if (!css) {
    css = fetch(url, { signal: AbortSignal.timeout(30_000) }).then(async (res) => {
      if (!res.ok) throw new Error(`the stylesheet ${url} answered ${res.status}`);
      return res.text();
    });
    css.catch(() => stylesheets.delete(url));
    // A build is a handful of stylesheets; a deploy adds a few more, which a long-lived worker need not keep.
    if (stylesheets.size > 20) stylesheets.clear();
    stylesheets.set(url, css);
  }
  return css;
}

export async function withStylesInline(html: string, baseUrl: string): Promise<string> {
  const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/gi)];
  let out = html;
  for (const [tag] of links) {
    const href = /\bhref="([^"]+)"/i.exec(tag)?.[1];
    if (!href) continue;
    const css = await stylesheet(new URL(href.replace(/&amp;/g, '&'), baseUrl).href);
    // A stylesheet never holds "</style" (the build's CSS is ours); should one, it stays a link and goes unstyled.
    if (!/<\/style/i.test(css)) out = out.replace(tag, () => `<style>${css}</style>`);
  }
  return out;
}

async function printDocument(pool: TabPool, input: RenderInput): Promise<Uint8Array> {
  const tab = await pool.acquire();
  let healthy = false;
  try {
    const url = `${input.baseUrl}${PRINT_ROUTE}?service_token=${encodeURIComponent(input.serviceToken)}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000), headers: { accept: 'text/html' } });
    if (!response.ok) throw new Error(`the staff print view answered ${response.status}`);
    await tab.setContent(await withStylesInline(await response.text(), input.baseUrl), { waitUntil: 'load', timeout: 30_000 });
    const pdf = await tab.pdf(PDF_OPTIONS);
    healthy = true;
    return pdf;
  } finally {
    void pool.release(tab, healthy);
  }
}

/**
 * Prints the read-only staff layout of the form pages (§9 generated PDF pages: about, education,
 * final-steps), all in one document (/print: each form page starts a new sheet, and every sheet's header
 * names the applicant, the reference and the form page), appends the converted documents, and numbers every
 * page of the result (mergeApplicationPdf; the job runs it in a warm merge process through `options.merge`).
 */
export async function renderApplicationPdf(
  browser: Browser,
  input: RenderInput,
  options: {
    timeoutMs?: number;
    merge?: (input: MergeInput) => Promise<{ pdf: Uint8Array; pageCount: number }>;
    /** Tabs kept warm: the renders this worker runs at once, and one spare. */
    idleTabs?: number;
  } = {},
): Promise<{ pdf: Uint8Array; pageCount: number; printMs: number; mergeMs: number }> {
  // One navigation and one print for the whole application: three tabs printing a page each cost three
  // server renders, three layouts and three PDFs for pdf-lib to parse (docs/decisions/0194-one-print-document-and-warm-merge.md).
  const pool = poolFor(browser, options.idleTabs ?? DEFAULT_IDLE_TABS);
  const printStarted = performance.now();
  const printed = await withinTimeLimit(
    printDocument(pool, input),
    options.timeoutMs ?? PRINT_TIMEOUT_MS,
    // page.pdf() has no timeout of its own: a Chromium that stops answering would hold this worker's
    // PDF queue for good. Closing it fails what hangs; the job is retried and WarmBrowser relaunches.
    () => browser.close().catch(() => undefined),
  );
  // pdf-lib only where a merge runs in this process (the job merges in its warm merge processes instead).
  const merge = options.merge ?? (await import('./merge-application.server.js')).mergeApplicationPdf;
  const mergeStarted = performance.now();
  const merged = await merge({ applicantName: input.applicantName, parts: [printed, ...input.documents.map((d) => d.pdf)] });
  // Where a render's time goes (the job logs both): Chromium's navigation and print, then pdf-lib's merge.
  return { ...merged, printMs: Math.round(mergeStarted - printStarted), mergeMs: Math.round(performance.now() - mergeStarted) };
}
