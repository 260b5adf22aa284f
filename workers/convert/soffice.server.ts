import { dirname } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConversionRejected, ConversionTimedOut } from './detect-type.server.js';

export const SOFFICE_MISSING_MESSAGE =
  'Word documents cannot be converted at the moment: LibreOffice is not installed on the server (set SOFFICE_PATH). Please upload a PDF instead.';
const TOO_SLOW = 'This Word document took too long to convert. Please save it as PDF and upload that instead.';
const NOT_CONVERTED = 'This Word document could not be converted. Please save it as PDF and upload that instead.';

/** Prefix of every job's scratch folder (profile, input, output); the fault test looks for it. */
export const SOFFICE_WORK_PREFIX = 'fa-convert-';
const GUARD = fileURLToPath(new URL('./process-guard.mjs', import.meta.url));

/**
 * LibreOffice's address space (prlimit --as). A page of text needs about 0.2 GB resident and runs under
 * 1 GB; a document hiding a huge picture fails here instead of taking the worker's memory.
 */
export const SOFFICE_MEMORY_BYTES = 1536 * 1024 * 1024;

/**
 * The per-job profile's settings (user/registrymodifications.xcu), in force with or without a network
 * namespace: no macros, no active content, no links from untrusted documents, no link or field updates.
 */
export const SOFFICE_PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableActiveContent" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>2</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Field" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetProxyType" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPProxyPort" oor:op="fuse"><value>9</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPSProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPSProxyPort" oor:op="fuse"><value>9</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetNoProxy" oor:op="fuse"><value></value></prop></item>
</oor:items>
`;

/**
 * How LibreOffice is cut off from the network: its own empty network namespace (`unshare --net`, as
 * root; `--map-root-user` adds a user namespace for a non-root user where the kernel allows it), or
 * only the profile settings above where neither is possible (README, Documents).
 */
export type SofficeNetwork = 'namespace' | 'user-namespace' | 'profile-only';

export interface SofficeSandbox {
  network: SofficeNetwork;
  /** Command words put before soffice: unshare and prlimit where available. */
  prefix: string[];
}

let sandbox: SofficeSandbox | null = null;

function executable(candidates: string[]): string | null {
  return candidates.find((c) => existsSync(c)) ?? null;
}

/** Found once per process: what this machine allows (each probe is a ~5 ms process). */
export function sofficeSandbox(): SofficeSandbox {
  if (sandbox) return sandbox;
  const unshare = executable(['/usr/bin/unshare', '/bin/unshare']);
  const prlimit = executable(['/usr/bin/prlimit', '/bin/prlimit']);
  const works = (args: string[]) =>
    unshare !== null && spawnSync(unshare, [...args, '--', '/bin/true'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  let network: SofficeNetwork = 'profile-only';
  let prefix: string[] = [];
  if (works(['--net'])) [network, prefix] = ['namespace', [unshare!, '--net', '--']];
  else if (works(['--net', '--map-root-user'])) [network, prefix] = ['user-namespace', [unshare!, '--net', '--map-root-user', '--']];
  if (prlimit) prefix = [...prefix, prlimit, `--as=${SOFFICE_MEMORY_BYTES}`, '--'];
  sandbox = { network, prefix };
  return sandbox;
}

export interface SofficeOptions {
  sofficePath: string | null;
  /** Hard limit for the whole conversion; the process tree is killed when it passes. */
  timeoutMs: number;
  /** Safe label for the scratch folder (e.g. the job id). */
  tag: string;
  /** What sofficeSandbox() found, unless given (a test of the profile-only fallback). */
  sandbox?: SofficeSandbox;
}

/**
 * DOCX → PDF with LibreOffice headless. Each call has its own profile folder (two soffice processes
 * sharing one silently produce nothing) holding the locked-down settings, its own input/output folders
 * and fixed file names: the applicant's file name never reaches the command line or the file system.
 * It runs without network (sofficeSandbox), under an address-space limit, and within the hard timeout.
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
    await mkdir(join(work, 'profile', 'user'), { recursive: true });
    await writeFile(join(work, 'profile', 'user', 'registrymodifications.xcu'), SOFFICE_PROFILE_SETTINGS);
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
    const [command, ...prefixArgs] = [...(options.sandbox ?? sofficeSandbox()).prefix, options.sofficePath];
    await runGuarded(
      command!,
      [...prefixArgs, ...args],
      { HOME: work, PATH: `${dirname(options.sofficePath)}:/usr/local/bin:/usr/bin:/bin`, LANG: 'C.UTF-8' },
      options.timeoutMs,
    );
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
      if (timedOut) return reject(new ConversionTimedOut(TOO_SLOW));
      if (code !== 0) return reject(new ConversionRejected(NOT_CONVERTED));
      resolve();
    });
  });
}
