import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './paths.js';
import { TEST_SESSION_SECRET } from './config.js';

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
 * Starts the real server (`npm start`'s entry, or the dev server) as a child process on a free port
 * and waits until /healthz answers. `env` is added to a minimal test environment.
 */
export async function startServer(options: { mode?: 'production' | 'dev'; env?: Record<string, string>; dataDir: string; cwd?: string; startTimeoutMs?: number; nodeArgs?: string[] }): Promise<RunningServer> {
  const port = await freePort();
  const entry = options.mode === 'dev' ? 'server/dev.server.ts' : 'server/start.server.ts';
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    NODE_ENV: options.mode === 'dev' ? 'development' : 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: options.dataDir,
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'info',
    ...options.env,
  };
  // Its own process group: tsx runs the server as a child, and stopping must reach both.
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [...(options.nodeArgs ?? []), entry], { cwd: options.cwd ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      signalGroup('SIGKILL');
      throw new Error(`server did not start within ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        signalGroup('SIGTERM');
      }),
  };
}
