import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** vike finds the production build through this file. */
export const SERVER_ENTRY = join(process.cwd(), 'dist', 'server', 'entry.mjs');

/**
 * `vite build` in a child process. Never in this one: once vite and vike's plugin are loaded here, vike's
 * runtime believes it is in development and its request logger prints whole URLs — reset ids, service and
 * prefill tokens — to stdout, past pino's redaction (issue 13, item 7).
 */
function buildInChildProcess(): Promise<void> {
  // The `vite` command as npm installs it: vike recognises a vite CLI run by that name (and refuses
  // options it does not know when the script is called bin/vite.js).
  const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), '..', '.bin', 'vite');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], { cwd: process.cwd(), stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`))));
  });
}

/**
 * Builds the client and server bundles when no build exists (a fresh clone's `npm start`), then loads the
 * server entry. `vite build` makes every environment vike declares (client and server).
 */
export async function loadProductionBuild(onBuild?: () => void): Promise<void> {
  if (!existsSync(SERVER_ENTRY)) {
    onBuild?.();
    await buildInChildProcess();
  }
  await import(SERVER_ENTRY);
}
