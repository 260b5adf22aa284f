import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe } from '@jest/globals';
import { chromium, type Browser, type Page } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const chromiumPath: string | null = CANDIDATES.find((p): p is string => Boolean(p && existsSync(p))) ?? null;

/**
 * `describe` for browser tests. In CI (CI=true) a missing Chromium is a failure; locally the suite is
 * reported as not run, with a line saying why.
 */
export const describeE2E: typeof describe =
  chromiumPath || process.env.CI === 'true'
    ? describe
    : (((name: string, fn: () => void) => {
        console.log(`e2e not run (no Chromium found; apt-get install chromium): ${name}`);
        (describe as unknown as { skip: (n: string, f: () => void) => void }).skip(name, fn);
      }) as typeof describe);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('Chromium not found: apt-get install chromium (CI requires it)');
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
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
