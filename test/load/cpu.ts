/**
 * CPU seconds used by a process and everything under it (Chromium, merge and conversion processes), read from
 * /proc: on a shared machine a rate (PDFs a second) moves with the neighbours' load, the CPU a PDF costs much less.
 * Linux only; elsewhere every figure is null.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface Stat {
  ppid: number;
  /** The process's name (/proc/<pid>/stat's second field): node, chromium, … */
  comm: string;
  /** utime + stime + cutime + cstime: its own CPU and that of its children already reaped. */
  ticks: number;
}

function readStats(): Map<number, Stat> | null {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  const stats = new Map<number, Stat>();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields start after its last ')'.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const [utime, stime, cutime, cstime] = [fields[11], fields[12], fields[13], fields[14]].map(Number) as [
        number,
        number,
        number,
        number,
      ];
      const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      stats.set(Number(name), { ppid: Number(fields[1]), comm, ticks: utime + stime + cutime + cstime });
    } catch {
      // exited meanwhile
    }
  }
  return stats;
}

function descendants(stats: Map<number, Stat>, root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, stat] of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  const found: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    found.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** CPU seconds of each root's process tree now (null where /proc is not there). */
export function treeCpuSeconds(roots: number[]): Array<number | null> {
  const stats = readStats();
  if (!stats) return roots.map(() => null);
  return roots.map((root) =>
    stats.has(root) ? descendants(stats, root).reduce((ticks, pid) => ticks + (stats.get(pid)?.ticks ?? 0), 0) / TICKS_PER_SECOND : null,
  );
}

/** CPU seconds under the roots by process name (the worker's node, chromium, its zygotes and renderers by name), now. */
export function cpuByCommand(roots: number[]): Record<string, number> {
  const stats = readStats();
  const byCommand: Record<string, number> = {};
  if (!stats) return byCommand;
  for (const root of roots)
    for (const pid of descendants(stats, root)) {
      const stat = stats.get(pid);
      if (stat) byCommand[stat.comm] = (byCommand[stat.comm] ?? 0) + stat.ticks / TICKS_PER_SECOND;
    }
  return byCommand;
}
