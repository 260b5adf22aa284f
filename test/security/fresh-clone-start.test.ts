import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startServer, type RunningServer } from '../helpers/server.js';
import { waitForLookupData } from '../helpers/lookup-data.js';
import { ROOT, TEST_TMP } from '../helpers/paths.js';
import { makePdf } from '../fixtures/documents.js';

/**
 * README: `npm ci && npm start` serves the product on a fresh machine. A fresh clone has no build, so the first
 * `npm start` makes the whole production build (scripts/build.mjs: client, pages, server) before it serves — and (issue 13,
 * item 7) that first start logs none of the secrets sent to it: on main the build ran in-process, vike's
 * development request logger then wrote whole URLs (reset ids, service and prefill tokens) to stdout.
 * Item 11 shares this server (a fresh embedded database, outbox, local store and generated secret): DATA_DIR
 * was created 0755, PGlite's files ended up 0666 and uploaded objects 0644.
 */
describe('npm start on a fresh clone', () => {
  let clone: string;
  let server: RunningServer;

  /** Runs one of the package's commands in the clone (`npm run <name> -- …`), with the server's settings; returns what it printed. */
  const command = (name: string, args: string[]) =>
    execFileSync('npm', ['run', '--silent', name, '--', ...args], {
      cwd: clone,
      encoding: 'utf8',
      // No SESSION_SECRET: like the server, the commands use the one generated into DATA_DIR.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', PUBLIC_URL: server.url, DATA_DIR: join(clone, '.data') },
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
    // As a fresh clone starts: no NODE_ENV (development), no SESSION_SECRET (generated into DATA_DIR), the worker
    // in the process, no SMTP (mail to the outbox), the embedded database and object store.
    server = await startServer({
      mode: 'npm-start',
      cwd: clone,
      dataDir: join(clone, '.data'),
      env: { NODE_ENV: '', SESSION_SECRET: '' },
      startTimeoutMs: 300_000,
    });
  }, 320_000);
  afterAll(() => server?.stop());

  it('builds everything (client, pages, the server and its processes) and serves the application form', async () => {
    expect(existsSync(join(clone, 'dist', 'server', 'entry.mjs'))).toBe(true);
    for (const built of ['start', 'worker', 'convert-child', 'merge-child'])
      expect(existsSync(join(clone, 'dist', 'node', `${built}.mjs`))).toBe(true);
    const res = await fetch(`${server.url}/about`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1');
    expect(html).toContain('About You');
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(new URL(script!, server.url))).status).toBe(200);
  });

  it('seeds its new embedded database with the lookup data at its first start', async () => {
    await waitForLookupData(server.url);
    expect(server.output()).toMatch(/lookup data seeded/);
    const res = await fetch(`${server.url}/lookup/find?query=alta&category=hs_ceeb`);
    expect(await res.json()).toContainEqual(expect.objectContaining({ text: 'Alta High School' }));
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

    // The staff desk's URL for an applicant (no token since issue 23) and a prefill link's token, printed by the package's own commands.
    const serviceUrl = new URL(command('service-link', [username]));
    expect(serviceUrl.searchParams.has('service_token')).toBe(false);
    const answers = join(clone, 'answers.json');
    writeFileSync(answers, JSON.stringify({ first_name: 'Ada' }));
    const prefillUrl = new URL(command('prefill-link', [answers]));
    secrets.push(prefillUrl.searchParams.get('token')!);
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
    const mail = readdirSync(outbox)
      .map((f) => readFileSync(join(outbox, f), 'utf8'))
      .join('\n');
    const code = /confirmation code is: (\d{6})/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
    expect(code).toBeDefined();
    secrets.push(code!);

    expect(secrets.every((s) => typeof s === 'string' && s.length >= 6)).toBe(true);
    // Every request above was logged (so the log is not silent), and none of the values is in it.
    const log = server.output();
    expect(log).toContain('/reset');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
  it("keeps DATA_DIR 0700 and every file and folder in it its owner's only (item 11)", async () => {
    const dataDir = join(clone, '.data');
    const username = 'modes@example.edu';
    const password = 'Blue-Canyon-Lantern-42';
    const post = (path: string, body: unknown, cookie = '') =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(body),
      });
    expect((await post('/public/signup', { username, password })).status).toBe(200);
    const outbox = join(dataDir, 'outbox');
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i++) {
      await new Promise((r) => setTimeout(r, 100));
      if (!existsSync(outbox)) continue;
      const mail = readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => readFileSync(join(outbox, f), 'utf8'));
      const mine = mail
        .filter((m) => m.includes(username))
        .join('')
        .replace(/=\r?\n/g, '');
      code = /confirmation code is: (\d{6})/.exec(mine)?.[1];
    }
    expect((await post('/public/confirm', { username, code })).status).toBe(200);
    const login = await post('/public/login', { username, password });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const presigned = (await (await post('/api/presigned-url', { answer_key: 'transcript' }, cookie)).json()) as {
      url: string;
      fields: Record<string, string>;
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(await makePdf())]), 'transcript.pdf');
    expect((await fetch(new URL(presigned.url, server.url), { method: 'POST', body: form })).status).toBe(204);

    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? [join(dir, e.name), ...walk(join(dir, e.name))] : [join(dir, e.name)],
      );
    const entries = walk(dataDir);
    // The embedded database, the generated secret, the e-mails and the upload are all there.
    for (const part of ['pglite', 'session-secret', 'outbox', 'objects']) expect(entries.some((p) => p.includes(part))).toBe(true);
    const open = entries
      .filter((p) => (statSync(p).mode & 0o077) !== 0)
      .map((p) => `${p.slice(dataDir.length)} ${(statSync(p).mode & 0o777).toString(8)}`);
    expect(open).toEqual([]);
  });
});
