import { readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which other processes have files of this PGlite data directory open, or null when this system
 * cannot tell (no /proc, as on macOS).
 *
 * PGlite has no lock file, and two processes opening one data directory corrupt it (DESIGN §5). But
 * an open PGlite keeps its WAL and relation files open for as long as it runs, so any process with a
 * descriptor under the directory is using it. Only processes we may inspect are seen: run as the
 * same user as the server (or root).
 */
export function processesUsingDirectory(dir: string): number[] | null {
  let procs: string[];
  let root: string;
  try {
    procs = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    root = realpathSync(dir);
  } catch {
    return null;
  }
  const holders: number[] = [];
  for (const pid of procs) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(join('/proc', pid, 'fd'));
    } catch {
      continue; // gone, or not ours to inspect
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(join('/proc', pid, 'fd', fd));
      } catch {
        continue;
      }
      if (target === root || target.startsWith(`${root}/`)) {
        holders.push(Number(pid));
        break;
      }
    }
  }
  return holders;
}
