import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import type { Logger } from 'pino';

/**
 * Lowers the worker's CPU priority below the web processes' (WORKER_NICE; docs/operations.md, "Jobs, workers and
 * outages"): Chromium, the merge processes and LibreOffice inherit it, so a deadline's PDFs use what CPU the pages
 * leave.
 *
 * Nice alone is not enough on Linux with autogroups (`/proc/sys/kernel/sched_autogroup_enabled`, on by default):
 * the scheduler first shares the CPU equally between sessions, and nice only orders the processes inside one. A
 * worker started in a session of its own (systemd, a container, a supervisor that calls setsid) would get a whole
 * session's share whatever its nice, as much as a web process. So a worker that leads its session also sets the
 * session's autogroup nice; one that shares a session (started from a shell beside other programs) leaves it, as
 * it would lower them too.
 */
export function lowerWorkerPriority(nice: number, logger: Logger): void {
  if (nice <= 0) return;
  try {
    setPriority(Math.max(getPriority(), nice));
  } catch (err) {
    logger.warn({ error: (err as Error).message }, 'could not lower the worker process priority (WORKER_NICE)');
  }
  const plan = autogroupPlan(process.pid, readProc('/proc/self/stat'), readProc('/proc/self/autogroup'), nice);
  if (plan.action === 'write') {
    try {
      writeFileSync('/proc/self/autogroup', String(nice));
    } catch (err) {
      logger.warn({ error: (err as Error).message }, 'could not lower the worker session’s autogroup priority (WORKER_NICE)');
    }
  } else if (plan.action === 'shared')
    logger.info(
      { autogroupNice: plan.current },
      'the worker shares its session with other programs: its nice orders it among them only (start it in a session of its own, as systemd does, for WORKER_NICE to count against the web processes)',
    );
}

function readProc(path: string): string | null {
  try {
    return existsSync(path) ? readFileSync(path, 'utf8') : null;
  } catch {
    return null;
  }
}

export type AutogroupPlan = { action: 'none' } | { action: 'write' } | { action: 'shared'; current: number };

/**
 * What to do about the autogroup, from /proc/self/stat (its session id) and /proc/self/autogroup ("/autogroup-85
 * nice 0"; absent without autogroups): write the nice when the process leads its session and the group's nice is
 * lower than wanted.
 */
export function autogroupPlan(pid: number, stat: string | null, autogroup: string | null, nice: number): AutogroupPlan {
  const current = autogroup ? Number(/\bnice\s+(-?\d+)/.exec(autogroup)?.[1]) : NaN;
  if (!stat || !Number.isFinite(current) || current >= nice) return { action: 'none' };
  // The command name (2nd field) may hold spaces and parentheses: the fields after its last ")" are state, ppid, pgrp, session.
  const session = Number(
    stat
      .slice(stat.lastIndexOf(')') + 1)
      .trim()
      .split(/\s+/)[3],
  );
  return session === pid ? { action: 'write' } : { action: 'shared', current };
}
