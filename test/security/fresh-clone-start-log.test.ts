import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startServer, type RunningServer } from '../helpers/server.js';
import { ROOT, TEST_TMP } from '../helpers/paths.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';

/**
 * README: `npm ci && npm start` serves the product on a fresh machine. A fresh clone has no build, so the first
 * `npm start` makes the whole production build (client and server bundles) before it serves — and (issue 13,
 * item 7) that first start logs none of the secrets sent to it: on main the build ran in-process, vike's
 * development request logger then wrote whole URLs (reset ids, service and prefill tokens) to stdout.
 */
describe('npm start on a fresh clone', () => {
  let clone: string;
  let server: RunningServer;

  /** Runs one of the package's commands in the clone, with the server's settings; returns what it printed. */
  const command = (script: string, args: string[]) =>
    execFileSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [script, ...args], {
      cwd: clone,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', SESSION_SECRET: TEST_SESSION_SECRET, PUBLIC_URL: server.url, DATA_DIR: join(clone, '.data') },
    }).trim();

  /**
   * The commands above can take longer than the server's keep-alive timeout on a busy machine; a pooled
   * connection the server has just closed fails once ("other side closed"), so that one case is retried.
   */
  const get = async (url: string): Promise<Response> => {
    try {
      return await fetch(url);
    } catch {
      return fetch(url);
    }
  };

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
    // As a fresh clone starts: no NODE_ENV (development), the worker in the process, no SMTP (mail to the outbox).
    server = await startServer({ cwd: clone, dataDir: join(clone, '.data'), env: { NODE_ENV: '' }, startTimeoutMs: 300_000 });
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

  it('logs none of the token values used against it', async () => {
    const username = 'logged@example.edu';
    const secrets: string[] = [];

    // A reset link's id (GET /reset, then POST /public/reset-password).
    const resetId = randomBytes(32).toString('base64url');
    secrets.push(resetId);
    expect((await fetch(`${server.url}/reset?username=${encodeURIComponent(username)}&id=${resetId}`)).status).toBe(200);
    await fetch(`${server.url}/public/reset-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, id: resetId, password: 'Blue-Canyon-Lantern-42', confirm_password: 'Blue-Canyon-Lantern-42' }),
    });

    // A staff link's service_token and a prefill link's token, printed by the package's own commands.
    const serviceUrl = new URL(command('server/cli/service-link.server.ts', [username]));
    const answers = join(clone, 'answers.json');
    writeFileSync(answers, JSON.stringify({ first_name: 'Ada' }));
    const prefillUrl = new URL(command('server/cli/prefill-link.server.ts', [answers]));
    secrets.push(serviceUrl.searchParams.get('service_token')!, prefillUrl.searchParams.get('token')!);
    expect((await get(`${server.url}${serviceUrl.pathname}${serviceUrl.search}`)).status).toBeLessThan(500);
    expect((await get(`${server.url}${prefillUrl.pathname}${prefillUrl.search}`)).status).toBe(200);
    expect((await get(`${server.url}/public/tmp?token=${encodeURIComponent(prefillUrl.searchParams.get('token')!)}`)).status).toBe(200);

    // A confirmation code, e-mailed to the outbox.
    const signup = await fetch(`${server.url}/public/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: 'Blue-Canyon-Lantern-42' }),
    });
    expect(signup.status).toBe(200);
    const outbox = join(clone, '.data', 'outbox');
    for (let i = 0; i < 100 && !(existsSync(outbox) && readdirSync(outbox).length > 0); i++) await new Promise((r) => setTimeout(r, 100));
    const mail = readdirSync(outbox).map((f) => readFileSync(join(outbox, f), 'utf8')).join('\n');
    const code = /confirmation code is: (\d{6})/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
    expect(code).toBeDefined();
    secrets.push(code!);

    expect(secrets.every((s) => typeof s === 'string' && s.length >= 6)).toBe(true);
    // Every request above was logged (so the log is not silent), and none of the values is in it.
    const log = server.output();
    expect(log).toContain('/reset');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
