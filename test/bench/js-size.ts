import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { ROOT } from '../helpers/paths.js';

export interface ScriptSize {
  file: string;
  gzipBytes: number;
  /** 'react' for React/react-dom/scheduler chunks, 'app' for our own code. */
  kind: 'react' | 'app';
}

export interface PageJs {
  path: string;
  totalGzipBytes: number;
  reactGzipBytes: number;
  appGzipBytes: number;
  scripts: ScriptSize[];
}

/**
 * JavaScript a real browser downloads for a page (including lazily imported island chunks, after the
 * page settles), each file gzipped as the server's compression would send it.
 */
export async function measurePageJs(browser: Browser, baseUrl: string, path: string, interact?: (page: import('playwright-core').Page) => Promise<void>): Promise<PageJs> {
  const page = await browser.newPage();
  const urls = new Set<string>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') urls.add(new URL(req.url()).pathname);
  });
  await page.goto(baseUrl + path);
  await page.waitForLoadState('networkidle');
  if (interact) {
    await interact(page);
    await page.waitForLoadState('networkidle');
  }
  await page.close();
  const scripts = [...urls].map((url) => {
    const file = join(ROOT, 'dist', 'client', url);
    const source = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    const text = source.toString('utf8');
    const kind: ScriptSize['kind'] = /react-dom|__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE|unstable_scheduleCallback/.test(text) ? 'react' : 'app';
    return { file: url, gzipBytes: gzipSync(source).length, kind };
  });
  const sum = (list: ScriptSize[]) => list.reduce((n, s) => n + s.gzipBytes, 0);
  return {
    path,
    totalGzipBytes: sum(scripts),
    reactGzipBytes: sum(scripts.filter((s) => s.kind === 'react')),
    appGzipBytes: sum(scripts.filter((s) => s.kind === 'app')),
    scripts,
  };
}
