import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { chromiumPath } from './chromium.js';
import { gatedDescribe } from './gate.js';

// The launcher lives in chromium.ts so scripts outside jest (bench, load) can use it.
export { chromiumPath, launchBrowser } from './chromium.js';

/**
 * `describe` for browser tests. In CI (CI=true) a missing Chromium is a failure; locally the suite is
 * reported as not run, with a line saying why.
 */
export const describeE2E = gatedDescribe(chromiumPath !== null, 'no Chromium found (apt-get install chromium)');

/**
 * Screenshots are for people to open and read (every state a change touches, at 390 px and 1280 px for staff);
 * no test reads them. CI throws its clone away, so there (CI=true) they are taken only with SCREENSHOTS=1: encoding
 * a whole page as PNG costs Chromium 0.3–0.4 s, and the suite takes about a hundred.
 */
export const TAKE_SCREENSHOTS = process.env.CI !== 'true' || process.env.SCREENSHOTS === '1';

/** `target.screenshot({ path, ... })` where screenshots are taken (TAKE_SCREENSHOTS). */
export async function screenshot(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (TAKE_SCREENSHOTS) await target.screenshot({ path, ...options });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[]; failureSummary: string }>;
}

/** Runs axe-core (WCAG 2.0–2.2 A/AA and best practices) on the page; returns the violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) does not block it.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n: any) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** Collects CSP violations and page errors, so a test can assert there were none. */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  return problems;
}
