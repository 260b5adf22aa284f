import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../helpers/server.js';
import { TEST_TMP } from '../helpers/paths.js';
import { makePdf } from '../fixtures/documents.js';

/**
 * Issue 13 item 11: DATA_DIR was created 0755, PGlite's files ended up 0666 and uploaded objects 0644. After a
 * real server (embedded database, no SMTP, embedded object store, generated session secret) has taken a
 * sign-up and an upload, nothing under DATA_DIR is open to the group or to others.
 */
let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = join(mkdtempSync(join(TEST_TMP, 'modes-')), 'data');
  server = await startServer({ dataDir, env: { SESSION_SECRET: '', WORKER: 'off' } });
});
afterAll(() => server?.stop());

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? [path, ...walk(path)] : [path];
  });
}

const post = (path: string, body: unknown, cookie = '') =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) });

it('DATA_DIR is 0700 and every file and folder in it is its owner\'s only', async () => {
  const username = 'modes@example.edu';
  const password = 'Blue-Canyon-Lantern-42';
  expect((await post('/public/signup', { username, password })).status).toBe(200);
  const outbox = join(dataDir, 'outbox');
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    await new Promise((r) => setTimeout(r, 100));
    if (!existsSync(outbox)) continue;
    const mail = readdirSync(outbox, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => readFileSync(join(outbox, e.name), 'utf8')).join('');
    code = /confirmation code is: (\d{6})/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
  }
  expect((await post('/public/confirm', { username, code })).status).toBe(200);
  const login = await post('/public/login', { username, password });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const presigned = (await (await post('/api/presigned-url', { answer_key: 'transcript' }, cookie)).json()) as { url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(await makePdf())]), 'transcript.pdf');
  expect((await fetch(new URL(presigned.url, server.url), { method: 'POST', body: form })).status).toBe(204);

  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  const entries = walk(dataDir);
  // The embedded database, the generated secret, the e-mail and the upload are all there.
  for (const part of ['pglite', 'session-secret', 'outbox', 'objects']) expect(entries.some((p) => p.includes(part))).toBe(true);
  const open = entries.filter((p) => (statSync(p).mode & 0o077) !== 0).map((p) => `${p.slice(dataDir.length)} ${(statSync(p).mode & 0o777).toString(8)}`);
  expect(open).toEqual([]);
});
