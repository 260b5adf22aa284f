import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConversionResult } from './convert.server.js';
import { ConversionRejected, ConversionTimedOut, TOO_MUCH_MEMORY_MESSAGE } from './detect-type.server.js';
import type { DocumentType } from '../../platform/storage/file-type.server.js';
import type { SofficeOptions } from './soffice.server.js';

export type ChildRequest = { kind: 'convert'; bytes: Uint8Array; soffice: SofficeOptions };
export type ChildReply =
  | { kind: 'ready' }
  | { kind: 'converted'; type: DocumentType; pdf: Uint8Array }
  | { kind: 'rejected'; message: string; timedOut: boolean }
  | { kind: 'error'; message: string };

/** V8's heap in the conversion process; a 25-megapixel PNG decodes in well under this. */
export const CHILD_HEAP_MB = 512;
/** The conversion process's whole address space (prlimit --data: private writable memory; --as would forbid WebAssembly), so buffers outside V8's heap are capped too. */
export const CHILD_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;
export interface ChildLimits {
  heapMb: number;
  dataBytes: number;
}
/** The caps every conversion runs under (a test passes smaller ones to see them hold). */
export const DEFAULT_LIMITS: ChildLimits = { heapMb: CHILD_HEAP_MB, dataBytes: CHILD_MEMORY_BYTES };

/** Beyond LibreOffice's own timeout: the process's start and pdf-lib's work around it. */
const EXTRA_MS = 15_000;

const TOO_SLOW_MESSAGE = 'This file took too long to convert. Please save it as PDF and upload that instead.';

/** The project's folder: the nearest one holding package.json, up from this module (workers/convert in the sources, dist/node once built). */
function projectRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}
const ROOT = projectRoot();

/**
 * An isolated process's built file (scripts/build.mjs): one plain JavaScript file with everything it imports,
 * which node starts without reading a hundred modules or loading a TypeScript loader, in production and tests
 * alike (docs/decisions/0260-one-build.md). A missing build fails the start: the error says which file.
 */
export function childScript(name: 'convert-child' | 'merge-child'): string {
  return join(ROOT, 'dist', 'node', `${name}.mjs`);
}
const CHILD = childScript('convert-child');
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p)) ?? null;

/**
 * convertToPdf in a process of its own (one per upload): the caller's event loop only waits for a
 * message, so GET /healthz and every applicant's request are answered while a document converts, and a
 * file that needs too much memory or time kills that process, not the web server. Deterministic
 * outcomes come back as ConversionRejected (FAILED with the applicant's message); a process that could
 * not start is an Error, so the job is retried.
 */
export async function convertIsolated(
  bytes: Uint8Array,
  soffice: SofficeOptions,
  limits: ChildLimits = DEFAULT_LIMITS,
): Promise<ConversionResult> {
  const reply = await runInChild({ kind: 'convert', bytes, soffice }, soffice.timeoutMs + EXTRA_MS, true, limits);
  if (reply.kind !== 'converted') throw new Error(`unexpected reply ${reply.kind}`);
  return { type: reply.type, pdf: new Uint8Array(reply.pdf) };
}

/**
 * Starts `script` (a built file, childScript) in a process of its own under `limits`: V8's heap capped, its
 * writable memory capped by prlimit, none of this process's environment (secrets, DATABASE_URL), and an IPC
 * channel (advanced serialization, so PDF bytes travel as they are). Used for one conversion at a time and
 * for the application PDF's warm merge processes (workers/pdf/merge-pool.server.ts).
 */
export function spawnIsolated(script: string, limits: ChildLimits): ChildProcess {
  const node = [process.execPath, `--max-old-space-size=${limits.heapMb}`, script];
  const [command, ...args] = PRLIMIT ? [PRLIMIT, `--data=${limits.dataBytes}`, '--', ...node] : node;
  return spawn(command!, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
    env: { PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`, HOME: tmpdir(), TMPDIR: tmpdir(), LANG: 'C.UTF-8' },
  });
}

/** `blameInput`: a process that dies holding the input (memory, time) means the input is at fault (ConversionRejected). */
function runInChild(request: ChildRequest, timeoutMs: number, blameInput: boolean, limits: ChildLimits): Promise<ChildReply> {
  return new Promise<ChildReply>((resolve, reject) => {
    // Nothing of this process's environment (secrets, DATABASE_URL) reaches the process that parses uploads.
    const child = spawnIsolated(CHILD, limits);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    let started = false;
    let settled = false;
    let timedOut = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('message', (message: ChildReply) => {
      if (message.kind === 'ready') {
        started = true;
        child.send(request);
      } else if (message.kind === 'converted') finish(() => resolve(message));
      else if (message.kind === 'rejected')
        finish(() => reject(new (message.timedOut ? ConversionTimedOut : ConversionRejected)(message.message)));
      else finish(() => reject(new Error(`conversion process failed: ${message.message}`)));
    });
    child.on('error', (err) => finish(() => reject(err)));
    // 'close', not 'exit': the process may end before its last message (the converted PDF, sent just before it
    // exits) has been read from the channel; 'close' comes once the channel is drained, so an answer is never
    // mistaken for a death without one (which reads as "out of memory").
    child.on('close', (code, signal) => {
      finish(() => {
        if (!blameInput && (timedOut || started))
          reject(new Error(`the ${request.kind} process ${timedOut ? 'timed out' : `ended (${signal ?? code})`}`));
        // Too slow with the file in hand is the file's doing; too slow to even start is a busy machine: retry.
        else if (timedOut)
          reject(started ? new ConversionTimedOut(TOO_SLOW_MESSAGE) : new Error('the conversion process did not start in time'));
        // Stopped from outside (a shutdown, Ctrl+C reaching the whole process group): not the file's fault, retry.
        else if (signal === 'SIGINT' || signal === 'SIGTERM' || signal === 'SIGHUP')
          reject(new Error(`the conversion process was stopped (${signal})`));
        // It had the file and died without an answer: out of memory (V8's heap or the data limit).
        else if (started) reject(new ConversionRejected(TOO_MUCH_MEMORY_MESSAGE));
        else reject(new Error(`the conversion process did not start (${signal ?? code}): ${stderr.slice(0, 500)}`));
      });
    });
  });
}
