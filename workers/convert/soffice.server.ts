import { dirname } from 'node:path';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConversionRejected } from './detect-type.server.js';

export const SOFFICE_MISSING_MESSAGE =
  'Word documents cannot be converted at the moment: LibreOffice is not installed on the server (set SOFFICE_PATH). Please upload a PDF instead.';
const TOO_SLOW = 'This Word document took too long to convert. Please save it as PDF and upload that instead.';
const NOT_CONVERTED = 'This Word document could not be converted. Please save it as PDF and upload that instead.';

/** Prefix of every job's scratch folder (profile, input, output); the fault test looks for it. */
export const SOFFICE_WORK_PREFIX = 'fa-convert-';
const GUARD = fileURLToPath(new URL('./process-guard.mjs', import.meta.url));

export interface SofficeOptions {
  sofficePath: string | null;
  /** Hard limit for the whole conversion; the process tree is killed when it passes. */
  timeoutMs: number;
  /** Safe label for the scratch folder (e.g. the job id). */
  tag: string;
}

/**
 * DOCX → PDF with LibreOffice headless. Each call has its own profile folder (two soffice processes
 * sharing one silently produce nothing), its own input/output folders and fixed file names: the
 * applicant's file name never reaches the command line or the file system.
 */
export async function docxToPdf(bytes: Uint8Array, options: SofficeOptions): Promise<Uint8Array> {
  if (!options.sofficePath || !existsSync(options.sofficePath)) throw new ConversionRejected(SOFFICE_MISSING_MESSAGE);
  const tag = options.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64) || 'job';
  await removeLeftovers(`${SOFFICE_WORK_PREFIX}${tag}-`);
  const work = await mkdtemp(join(tmpdir(), `${SOFFICE_WORK_PREFIX}${tag}-`));
  try {
    const input = join(work, 'in', 'document.docx');
    const outDir = join(work, 'out');
    await mkdir(join(work, 'in'));
    await mkdir(outDir);
    await writeFile(input, bytes);
    const args = [
      '--headless',
      '--invisible',
      '--nologo',
      '--nodefault',
      '--nofirststartwizard',
      '--nolockcheck',
      '--norestore',
      `-env:UserInstallation=${pathToFileURL(join(work, 'profile')).href}`,
      '--convert-to',
      'pdf:writer_pdf_Export',
      '--outdir',
      outDir,
      input,
    ];
    await runGuarded(options.sofficePath, args, { HOME: work, PATH: `${dirname(options.sofficePath)}:/usr/local/bin:/usr/bin:/bin`, LANG: 'C.UTF-8' }, options.timeoutMs);
    try {
      return await readFile(join(outDir, 'document.pdf'));
    } catch {
      throw new ConversionRejected(NOT_CONVERTED);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A worker killed mid-conversion cannot clean up; the retry of the same job (same tag) does. */
async function removeLeftovers(prefix: string): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(prefix))) await rm(join(tmpdir(), name), { recursive: true, force: true });
}

function runGuarded(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // detached: the guard leads a new process group, so one kill(-pid) reaches soffice and its children.
    const child = spawn(process.execPath, [GUARD, command, ...args], { detached: true, stdio: ['pipe', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    child.stdin!.on('error', () => undefined);
    let timedOut = false;
    const killTree = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killTree();
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      // Whatever soffice forked must not outlive the conversion.
      killTree();
      child.stdin!.destroy();
      if (timedOut) return reject(new ConversionRejected(TOO_SLOW));
      if (code !== 0) return reject(new ConversionRejected(NOT_CONVERTED));
      resolve();
    });
  });
}
