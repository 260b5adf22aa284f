import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formDefinition } from '../../form/definition.js';
import type { Page as FormPage } from '../../form/types.js';
import { mergeApplicationPdf, type MergeInput } from './merge-application.server.js';

export interface RenderInput {
  baseUrl: string;
  /** A short-lived staff token for this application: the renderer sees exactly the staff view. */
  serviceToken: string;
  applicantName: string;
  /** The submission's reference (FA-…), printed in every page's header; absent before submission. */
  reference?: string | null;
  /** Converted documents (PDF bytes) appended after the form pages, in definition order. */
  documents: Array<{ label: string; pdf: Uint8Array }>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Warm tabs, kept per browser: opening a tab starts a renderer process (a quarter of a second on a busy
 * machine), which used to cost more than printing the page. A tab goes back to the pool on about:blank
 * with the context's cookies cleared, so nothing of one applicant is left for the next; JavaScript is off
 * and staff responses are no-store. The context is replaced now and then to bound Chromium's memory.
 */
class TabPool {
  private context: Promise<BrowserContext> | null = null;
  private idle: Page[] = [];
  private uses = 0;

  constructor(private readonly browser: Browser) {}

  async acquire(): Promise<Page> {
    if (this.uses++ >= CONTEXT_USES) await this.recycle();
    const tab = this.idle.pop();
    if (tab && !tab.isClosed()) return tab;
    this.context ??= this.browser.newContext({ javaScriptEnabled: false });
    const created = await (await this.context).newPage();
    await created.emulateMedia({ media: 'print' });
    return created;
  }

  async release(tab: Page, healthy: boolean): Promise<void> {
    try {
      if (!healthy || this.idle.length >= MAX_IDLE_TABS) throw new Error('not kept');
      await tab.goto('about:blank');
      await tab.context().clearCookies();
      this.idle.push(tab);
    } catch {
      await tab.close().catch(() => undefined);
    }
  }

  private async recycle(): Promise<void> {
    const old = this.context;
    this.context = null;
    this.idle = [];
    this.uses = 1;
    await (await old?.catch(() => null))?.close().catch(() => undefined);
  }
}

/** Printing three pages takes about a second; well inside the job's 60 s expiry, so a retry follows at once. */
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

/** Three tabs print one application; two applications at a time at most. */
const MAX_IDLE_TABS = 6;
const CONTEXT_USES = 500;
const pools = new WeakMap<Browser, TabPool>();

function poolFor(browser: Browser): TabPool {
  let pool = pools.get(browser);
  if (!pool) pools.set(browser, (pool = new TabPool(browser)));
  return pool;
}

async function printPage(pool: TabPool, input: RenderInput, page: FormPage): Promise<Uint8Array> {
  const tab = await pool.acquire();
  let healthy = false;
  try {
    const url = `${input.baseUrl}${page.path}?service_token=${encodeURIComponent(input.serviceToken)}`;
    const response = await tab.goto(url, { waitUntil: 'load', timeout: 30_000 });
    if (!response || !response.ok()) throw new Error(`the staff view of ${page.path} answered ${response?.status() ?? 'nothing'}`);
    const pdf = await tab.pdf({
      format: 'Letter',
      printBackground: true,
      margin: { top: '0.8in', bottom: '0.8in', left: '0.7in', right: '0.7in' },
      displayHeaderFooter: true,
      headerTemplate: `<div style="font-size:9px;width:100%;padding:0 0.7in;display:flex;justify-content:space-between;font-family:sans-serif;color:#333"><span>Freshman Application${input.reference ? ` ${escapeHtml(input.reference)}` : ''}: ${escapeHtml(input.applicantName)}</span><span>${escapeHtml(page.title)}</span></div>`,
      // Page numbers are drawn after merging, across the whole document.
      footerTemplate: '<div></div>',
    });
    healthy = true;
    return pdf;
  } finally {
    await pool.release(tab, healthy);
  }
}

/**
 * Prints the read-only staff layout of each form page (§9 generated PDF pages: about, education,
 * final-steps) with the applicant's name and the page heading in the header, appends the converted
 * documents, and numbers every page of the result (mergeApplicationPdf; the job runs it in the
 * conversion process through `options.merge`).
 */
export async function renderApplicationPdf(
  browser: Browser,
  input: RenderInput,
  options: { timeoutMs?: number; merge?: (input: MergeInput) => Promise<{ pdf: Uint8Array; pageCount: number }> } = {},
): Promise<{ pdf: Uint8Array; pageCount: number }> {
  // The pages print in parallel tabs: Chromium lays each out in its own renderer, so a PDF takes
  // about as long as its slowest page instead of the sum of all three.
  const pool = poolFor(browser);
  const parts = await withinTimeLimit(
    Promise.all(formDefinition().pages.map((page) => printPage(pool, input, page))),
    options.timeoutMs ?? PRINT_TIMEOUT_MS,
    // page.pdf() has no timeout of its own: a Chromium that stops answering would hold this worker's
    // PDF queue for good. Closing it fails what hangs; the job is retried and WarmBrowser relaunches.
    () => browser.close().catch(() => undefined),
  );
  return (options.merge ?? mergeApplicationPdf)({ applicantName: input.applicantName, parts: [...parts, ...input.documents.map((d) => d.pdf)] });
}
