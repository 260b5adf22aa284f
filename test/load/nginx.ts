/**
 * nginx in front of the load test's web processes (`npm run load -- --nginx`): the site configuration is the
 * repository's ops/nginx/freshman-application.conf, the one docs/operations.md documents, with this run's ports
 * put in; nginx runs unprivileged in a scratch prefix (ops/nginx/load-test-main.conf around the site file).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';
import { freePort } from '../helpers/server.js';

/** Debian's nginx-light (`apt-get install nginx-light`), or NGINX_PATH. */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export function nginxAvailable(): boolean {
  return existsSync(NGINX_PATH);
}

/** The site file for these upstream ports, listening on `listen` (as docs/operations.md says to fill it in). */
export function siteConfig(upstreamPorts: number[], listen: string): string {
  const template = readFileSync(join(ROOT, 'ops', 'nginx', 'freshman-application.conf'), 'utf8');
  const servers = upstreamPorts.map((port) => `server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`).join('\n    ');
  return template
    .replace(/^(\s*)@UPSTREAM_SERVERS@/m, (_, indent: string) => indent + servers)
    .replace(/^(\s*listen )@LISTEN@;/m, (_, head: string) => `${head}${listen};`);
}

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

export async function startNginx(upstreamPorts: number[], dir: string, port?: number): Promise<RunningNginx> {
  if (!nginxAvailable()) throw new Error(`--nginx needs nginx at ${NGINX_PATH} (apt-get install nginx-light, or set NGINX_PATH)`);
  const prefix = join(dir, 'nginx');
  mkdirSync(prefix, { recursive: true });
  port ??= await freePort();
  const site = join(prefix, 'freshman-application.conf');
  writeFileSync(site, siteConfig(upstreamPorts, `127.0.0.1:${port}`));
  const main = readFileSync(join(ROOT, 'ops', 'nginx', 'load-test-main.conf'), 'utf8')
    .replaceAll('@PREFIX@', prefix)
    .replaceAll('@SITE@', site);
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, main);
  const child: ChildProcess = spawn(NGINX_PATH, ['-p', prefix, '-c', conf, '-e', join(prefix, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer /healthz within 15 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGQUIT: nginx's graceful stop.
        child.kill('SIGQUIT');
      }),
  };
}
