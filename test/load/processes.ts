/** The load test's own database and worker processes: made for a run, stopped and dropped after it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import knexFactory from 'knex';
import { ROOT } from '../helpers/paths.js';

/** A database of its own on the PostgreSQL server DATABASE_URL names, so a run never mixes with other data. */
export async function createLoadDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fa_load_${Date.now()}`;
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.raw(`drop database if exists "${name}" with (force)`);
      await admin.destroy();
    },
  };
}

/** A worker process; its log (each job's outcome and duration, e.g. "application PDF rendered" with ms) goes to `logPath`. */
export function startWorker(
  env: Record<string, string>,
  nodeArgs: string[],
  logPath: string,
  entry = 'dist/node/worker.mjs',
): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: ROOT,
    env: { ...env },
    stdio: ['ignore', openSync(logPath, 'w'), 'inherit'],
    detached: true,
  });
  return child;
}

export function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}
