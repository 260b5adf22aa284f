import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PGLITE_TEMPLATE, ROOT } from './paths.js';
import { TEST_SESSION_SECRET } from './config.js';
import { copyTemplateDatabase } from './db.js';

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the server printed (pino JSON lines), for assertions about logging. */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the real server (the built one `npm start` runs, or the dev server) as a child process on a free port
 * and waits until /healthz answers. `env` is added to a minimal test environment.
 */
export async function startServer(options: {
  /** production: the built server (`node dist/node/start.mjs`, as `npm start` on a built tree); npm-start: `npm start` itself (a fresh clone builds first); dev: `npm run dev`'s tsx and vite. */
  mode?: 'production' | 'npm-start' | 'dev';
  env?: Record<string, string>;
  dataDir: string;
  cwd?: string;
  startTimeoutMs?: number;
  nodeArgs?: string[];
  /** production mode: the script node runs instead of dist/node/start.mjs (e.g. a file of another name importing it). */
  entry?: string;
  /**
   * The database the server opens, unless `env` names one. By default: on a PostgreSQL run (DATABASE_URL set,
   * inside jest) a copy of the run's template database, else embedded PGlite started from the run's template.
   * 'template' forces that PGlite copy, as a server of the embedded default that has run before; 'new' lets the
   * server create and migrate its PGlite, as on a first start (the fresh-clone test).
   */
  embeddedDatabase?: 'template' | 'new';
}): Promise<RunningServer> {
  const port = await freePort();
  const mode = options.mode ?? 'production';
  const pgliteDir = join(options.dataDir, 'pglite');
  const fromTemplate = (options.embeddedDatabase ?? (mode === 'npm-start' ? 'new' : 'template')) === 'template';
  // PGlite loads a 90 MB dump and runs every query on the server's one thread: several CPU-seconds a server on a
  // machine the whole run keeps busy. The run's template database exists only inside jest (its global setup).
  const ownDatabase =
    options.embeddedDatabase === undefined && mode !== 'npm-start' && !options.env?.DATABASE_URL && process.env.JEST_WORKER_ID !== undefined
      ? await copyTemplateDatabase()
      : null;
  if (fromTemplate && !ownDatabase && !options.env?.DATABASE_URL && existsSync(PGLITE_TEMPLATE) && !existsSync(pgliteDir)) {
    mkdirSync(pgliteDir, { recursive: true, mode: 0o700 });
    execFileSync('tar', ['-xf', PGLITE_TEMPLATE, '-C', pgliteDir, '--no-same-owner'], { stdio: 'ignore' });
  }
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    NODE_ENV: mode === 'dev' ? 'development' : 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: options.dataDir,
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'info',
    ...(ownDatabase ? { DATABASE_URL: ownDatabase.url } : {}),
    ...options.env,
  };
  const [command, ...args] =
    mode === 'dev'
      ? [join(ROOT, 'node_modules', '.bin', 'tsx'), ...(options.nodeArgs ?? []), 'server/dev.server.ts']
      : mode === 'npm-start'
        ? ['npm', 'start', '--silent']
        : [process.execPath, ...(options.nodeArgs ?? []), options.entry ?? 'dist/node/start.mjs'];
  // Its own process group: tsx and npm run the server as a child, and stopping must reach both.
  const child = spawn(command!, args, { cwd: options.cwd ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await ownDatabase?.drop();
      throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signalGroup('SIGKILL');
      await ownDatabase?.drop();
      throw new Error(`server did not start within ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
    async stop() {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        signalGroup('SIGTERM');
      });
      await ownDatabase?.drop();
    },
  };
}
