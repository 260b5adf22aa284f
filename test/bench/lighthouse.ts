/**
 * `npm run lighthouse`: Lighthouse's mobile audit (its defaults: a mid-range phone, slow 4G, 4× CPU slowdown,
 * simulated) of /about and /login on the production server, printing the performance, accessibility and
 * best-practices scores. Lighthouse is not a dependency: `npx -y lighthouse@12` fetches it through npm the
 * first time. Chromium is the system one (CHROME_PATH, else the one the tests use). Scores are printed, never
 * asserted: they vary with the machine's load.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath } from '../helpers/chromium.js';
import { ROOT, TEST_TMP } from '../helpers/paths.js';
import { startServer } from '../helpers/server.js';

const PATHS = ['/about', '/login'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      title: string;
      displayValue?: string;
      numericValue?: number;
      details?: { items?: Array<{ resourceType?: string; transferSize?: number }> };
    }
  >;
}

function lighthouse(url: string, outputPath: string, chrome: string): Promise<void> {
  const args = [
    '-y',
    'lighthouse@12',
    url,
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    `--output-path=${outputPath}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}`))));
  });
}

async function main() {
  const chrome = process.env.CHROME_PATH ?? chromiumPath;
  if (!chrome) throw new Error('Chromium not found: set CHROME_PATH or apt-get install chromium');
  mkdirSync(TEST_TMP, { recursive: true });
  const server = await startServer({
    dataDir: mkdtempSync(join(TEST_TMP, 'lighthouse-')),
    env: { NODE_ENV: 'production', WORKER: 'off', LOG_LEVEL: 'warn' },
  });
  const out = join(ROOT, 'bench-results');
  mkdirSync(out, { recursive: true });
  try {
    for (const path of PATHS) {
      // A warm server, as a visitor meets it: the first requests compile the pages' code and open the database.
      for (let i = 0; i < 5; i++) await (await fetch(server.url + path)).text();
      const file = join(out, `lighthouse${path.replace(/\//g, '-')}.json`);
      await lighthouse(server.url + path, file, chrome);
      const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
      const scores = CATEGORIES.map((c) => `${c} ${Math.round((report.categories[c]?.score ?? 0) * 100)}`).join(', ');
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]
        .map((id) => `${id.replace(/-/g, ' ')} ${report.audits[id]?.displayValue ?? '?'}`)
        .join(', ');
      console.log(`${path.padEnd(8)} ${scores}\n         ${metrics}`);
      // The bytes Lighthouse itself counted (until the page settled, before any interaction): body and headers.
      const requests = report.audits['network-requests']?.details?.items ?? [];
      const received = (type?: string) =>
        requests.filter((r) => !type || r.resourceType === type).reduce((n, r) => n + (r.transferSize ?? 0), 0);
      const scripts = requests.filter((r) => r.resourceType === 'Script').length;
      console.log(
        `         received: JavaScript ${(received('Script') / 1024).toFixed(1)} KB in ${scripts} scripts, everything ${(received() / 1024).toFixed(1)} KB`,
      );
      // What cost points, so it can be fixed.
      for (const [id, audit] of Object.entries(report.audits)) {
        if (audit.score !== null && audit.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) {
          console.log(`         below 1: ${id} (${audit.score}) ${audit.displayValue ?? ''}`);
        }
      }
    }
    console.log(`\nreports written to bench-results/lighthouse-*.json`);
  } finally {
    await server.stop();
  }
}

await main();
