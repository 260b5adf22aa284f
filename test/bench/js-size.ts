import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../helpers/paths.js';

export type ScriptKind = 'react' | 'joi' | 'form-island' | 'app';

export interface ScriptSize {
  file: string;
  gzipBytes: number;
  kind: ScriptKind;
}

export interface JsPhase {
  totalGzipBytes: number;
  byKind: Record<ScriptKind, number>;
  scripts: ScriptSize[];
}

export interface PageJs {
  path: string;
  /** What the page requests before its load event: what competes with the first paint. */
  beforeLoadEvent: JsPhase;
  /** What the page downloads before the visitor does anything (islands hydrated in idle time after load included). */
  onLoad: JsPhase;
  /** After the first interaction (pointer over the page, then focus in the first field). */
  afterInteraction: JsPhase;
  /**
   * As Lighthouse counts it: the bytes the browser actually received (the DevTools protocol's encodedDataLength,
   * headers included, compressed as the server sent them) by the end of the first interaction.
   */
  transferred: { scriptBytes: number; totalBytes: number };
}

/**
 * Counts the bytes received for the document and every resource, and for the scripts alone, as Lighthouse does:
 * the DevTools protocol's encodedDataLength of each finished request (body as sent plus the response's headers).
 * Resource Timing's transferSize is not that: browsers report the body plus a flat 300 bytes, whatever the
 * headers were (about 0.8 KB a response here, before the change that left assets only the headers they need).
 */
export async function countTransferred(page: Page): Promise<() => { scriptBytes: number; totalBytes: number }> {
  const cdp = await page.context().newCDPSession(page);
  const scripts = new Set<string>();
  const received = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script' || /\.m?js$/.test(new URL(event.response.url).pathname)) scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => received.set(event.requestId, event.encodedDataLength));
  await cdp.send('Network.enable');
  return () => {
    let scriptBytes = 0;
    let totalBytes = 0;
    for (const [id, bytes] of received) {
      totalBytes += bytes;
      if (scripts.has(id)) scriptBytes += bytes;
    }
    return { scriptBytes, totalBytes };
  };
}

function kindOf(text: string): ScriptKind {
  if (/__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE|unstable_scheduleCallback/.test(text)) return 'react';
  if (/"any\.required"|any\.required/.test(text) && /alternatives\.match/.test(text)) return 'joi';
  if (/form-actions/.test(text) && /steps__link/.test(text)) return 'form-island';
  return 'app';
}

function phase(urls: Iterable<string>): JsPhase {
  const scripts = [...urls].map((url) => {
    const file = join(ROOT, 'dist', 'client', url);
    const source = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    return { file: url, gzipBytes: gzipSync(source).length, kind: kindOf(source.toString('utf8')) };
  });
  const byKind: Record<ScriptKind, number> = { react: 0, joi: 0, 'form-island': 0, app: 0 };
  for (const s of scripts) byKind[s.kind] += s.gzipBytes;
  return { totalGzipBytes: scripts.reduce((n, s) => n + s.gzipBytes, 0), byKind, scripts };
}

/** The scripts the page started to fetch before its load event, by the browser's own clock (Resource Timing). */
export function scriptsBeforeLoadEvent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const loadStart = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\.m?js(\?|$)/.test(e.name) && e.startTime < loadStart)
      .map((e) => new URL(e.name).pathname);
  });
}

/**
 * JavaScript a real browser downloads for a page, each file gzipped as the server's compression sends
 * it: first on load, then after a first interaction (which hydrates islands that wait for it).
 */
export async function measurePageJs(browser: Browser, baseUrl: string, path: string, acceptLanguage?: string): Promise<PageJs> {
  const page: Page = await browser.newPage();
  // The page in another language (docs/i18n.md): the budget holds in each.
  if (acceptLanguage) await page.setExtraHTTPHeaders({ 'Accept-Language': acceptLanguage });
  const transferred = await countTransferred(page);
  const urls = new Set<string>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') urls.add(new URL(req.url()).pathname);
  });
  await page.goto(baseUrl + path);
  await page.waitForLoadState('networkidle');
  const onLoad = phase(urls);
  const beforeLoadEvent = phase(await scriptsBeforeLoadEvent(page));
  await page.mouse.move(200, 300);
  await page.mouse.move(220, 320);
  const firstField = page.locator('main input, main select, main textarea').first();
  if (await firstField.count()) await firstField.focus().catch(() => undefined);
  await page.waitForTimeout(300);
  await page.waitForLoadState('networkidle');
  const afterInteraction = phase(urls);
  await page.close();
  return { path, beforeLoadEvent, onLoad, afterInteraction, transferred: transferred() };
}
