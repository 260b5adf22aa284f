/**
 * CPU seconds used by a process and everything under it (Chromium, merge and conversion processes), read from
 * /proc: on a shared machine a rate (PDFs a second) moves with the neighbours' load, the CPU a PDF costs much less.
 * Linux only; elsewhere every figure is null.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface Stat {
  ppid: number;
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
      stats.set(Number(name), { ppid: Number(fields[1]), ticks: utime + stime + cutime + cstime });
    } catch {
      // exited meanwhile
    }
  }
  return stats;
}

/** CPU seconds of each root's process tree now (null where /proc is not there). */
export function treeCpuSeconds(roots: number[]): Array<number | null> {
  const stats = readStats();
  if (!stats) return roots.map(() => null);
  const children = new Map<number, number[]>();
  for (const [pid, stat] of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  return roots.map((root) => {
    if (!stats.has(root)) return null;
    let ticks = 0;
    const stack = [root];
    while (stack.length > 0) {
      const pid = stack.pop()!;
      ticks += stats.get(pid)?.ticks ?? 0;
      stack.push(...(children.get(pid) ?? []));
    }
    return ticks / TICKS_PER_SECOND;
  });
}
