import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startServer, type RunningServer } from '../helpers/server.js';
import { ROOT, TEST_TMP } from '../helpers/paths.js';

/**
 * README: `npm ci && npm start` serves the product on a fresh machine. A fresh clone has no build, so
 * `npm start` must make the whole production build (client and server bundles) before it serves.
 */
describe('npm start on a fresh clone', () => {
  let clone: string;
  let server: RunningServer;

  beforeAll(async () => {
    clone = mkdtempSync(join(TEST_TMP, 'fresh-clone-'));
    const tracked = execFileSync('git', ['-C', ROOT, 'ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const file of tracked) {
      if (!existsSync(join(ROOT, file))) continue;
      mkdirSync(dirname(join(clone, file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(clone, file));
    }
    // What `npm ci` would install, without installing it again.
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
    server = await startServer({ cwd: clone, dataDir: join(clone, '.data'), env: { NODE_ENV: 'production', WORKER: 'off' }, startTimeoutMs: 300_000 });
  }, 320_000);
  afterAll(() => server?.stop());

  it('builds both bundles and serves the application form', async () => {
    expect(existsSync(join(clone, 'dist', 'server', 'entry.mjs'))).toBe(true);
    const res = await fetch(`${server.url}/about`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1');
    expect(html).toContain('About You');
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(new URL(script!, server.url))).status).toBe(200);
  });
});
