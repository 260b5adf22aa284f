import type { ChildProcess } from 'node:child_process';
import { childScript, DEFAULT_LIMITS, spawnIsolated, type ChildLimits } from '../convert/isolated.server.js';
import type { MergeInput } from './merge-application.server.js';

export type MergeRequest = { kind: 'merge'; id: number; input: MergeInput };
export type MergeReply =
  { kind: 'ready' } | { kind: 'merged'; id: number; pdf: Uint8Array; pageCount: number } | { kind: 'error'; id: number; message: string };
export type MergeResult = { pdf: Uint8Array; pageCount: number };

export interface MergePoolOptions {
  /** Processes at most, each merging one application at a time (the worker renders two at a time). */
  size: number;
  /** Merges one process does before it is replaced, so whatever a long life accumulates is given back. */
  maxUses: number;
  /** One merge's limit; past it the process is killed and the merge fails (the job is retried). */
  timeoutMs: number;
  /** A process left idle this long exits (a quiet worker holds no merge process). */
  idleMs: number;
  /** How long a process may take to start. */
  startMs: number;
  limits: ChildLimits;
}

const DEFAULTS: MergePoolOptions = {
  size: 2,
  maxUses: 100,
  timeoutMs: 30_000,
  idleMs: 5 * 60_000,
  startMs: 20_000,
  limits: DEFAULT_LIMITS,
};

const CHILD = childScript('merge-child');

/** One merge process: started once, then given merges one at a time. */
class MergeProcess {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  uses = 0;
  private exited = false;
  private stderr = '';
  private pending: { id: number; resolve: (r: MergeResult) => void; reject: (e: Error) => void } | null = null;
  private idleTimer: NodeJS.Timeout | undefined;
  private static nextId = 1;

  constructor(private readonly options: MergePoolOptions) {
    this.child = spawnIsolated(CHILD, options.limits);
    this.child.stderr!.on('data', (d: Buffer) => {
      if (this.stderr.length < 4000) this.stderr += d.toString();
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('the merge process did not start in time'));
        this.kill();
      }, options.startMs);
      this.child.on('message', (message: MergeReply) => {
        if (message.kind === 'ready') {
          clearTimeout(timer);
          resolve();
        } else this.settle(message);
      });
      this.child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      this.child.on('exit', (code, signal) => {
        clearTimeout(timer);
        this.exited = true;
        clearTimeout(this.idleTimer);
        const why = `(${signal ?? code})${this.stderr ? `: ${this.stderr.slice(0, 500)}` : ''}`;
        reject(new Error(`the merge process did not start ${why}`));
        this.fail(new Error(`the merge process ended ${why}`));
      });
    });
    // A start that fails is reported to whoever waits for this process.
    this.ready.catch(() => undefined);
  }

  get alive(): boolean {
    return !this.exited && this.child.connected;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  async merge(input: MergeInput): Promise<MergeResult> {
    clearTimeout(this.idleTimer);
    await this.ready;
    if (!this.alive) throw new Error('the merge process ended');
    this.uses++;
    this.hold(true);
    const id = MergeProcess.nextId++;
    return new Promise<MergeResult>((resolve, reject) => {
      // A document that keeps pdf-lib busy too long is the process's end, not the worker's.
      const timer = setTimeout(() => {
        this.fail(new Error(`merging the application PDF took longer than ${this.options.timeoutMs / 1000} s`));
        this.kill();
      }, this.options.timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.pending = null;
        this.hold(false);
      };
      this.pending = {
        id,
        resolve: (r) => {
          done();
          resolve(r);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      this.child.send({ kind: 'merge', id, input } satisfies MergeRequest, (err) => {
        if (err) this.fail(new Error(`the merge process ended before it took the merge (${err.message})`));
      });
    });
  }

  /** Idle: exits after idleMs; until then it neither keeps this process alive nor delays its exit. */
  idle(onIdleExit: () => void): void {
    this.hold(false);
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      onIdleExit();
      this.retire();
    }, this.options.idleMs);
    this.idleTimer.unref();
  }

  /** Asks the process to exit (it does when its channel closes); a merge in flight is not cut short. */
  retire(): void {
    clearTimeout(this.idleTimer);
    if (this.alive) this.child.disconnect();
  }

  kill(): void {
    clearTimeout(this.idleTimer);
    if (!this.exited) this.child.kill('SIGKILL');
  }

  private settle(message: Exclude<MergeReply, { kind: 'ready' }>): void {
    const pending = this.pending;
    if (!pending || pending.id !== message.id) return;
    if (message.kind === 'merged') pending.resolve({ pdf: new Uint8Array(message.pdf), pageCount: message.pageCount });
    else pending.reject(new Error(`merging the application PDF failed: ${message.message}`));
  }

  private fail(err: Error): void {
    this.pending?.reject(err);
  }

  /** While a merge is in flight the child keeps this process alive; idle, it does not. */
  private hold(busy: boolean): void {
    const channel = this.child.channel as { ref?: () => void; unref?: () => void } | undefined;
    if (busy) {
      this.child.ref();
      channel?.ref?.();
    } else {
      this.child.unref();
      channel?.unref?.();
    }
  }
}

/**
 * The application PDF's merge in warm processes (docs/decisions/0194-one-print-document-and-warm-merge.md):
 * the same isolation as a conversion (ADR 0060: its own process, heap and memory caps, no environment, killed
 * at its time limit), without paying a process start for every PDF. A
 * process that dies (a hostile document exhausting its memory, a kill) fails only the merge it held, whose
 * job is retried, and the next merge starts a new one; each is replaced after `maxUses` merges and leaves
 * after `idleMs` idle.
 */
export class MergePool {
  private readonly options: MergePoolOptions;
  private idle: MergeProcess[] = [];
  private busy = new Set<MergeProcess>();
  private waiting: Array<() => void> = [];
  private closed = false;

  constructor(options: Partial<MergePoolOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Starts the pool's processes ahead of their first merge (e.g. while Chromium prints), if they are not there. */
  warm(): void {
    this.idle = this.idle.filter((p) => p.alive);
    while (!this.closed && this.idle.length + this.busy.size < this.options.size) this.release(new MergeProcess(this.options), true);
  }

  readonly merge = async (input: MergeInput): Promise<MergeResult> => {
    const process = await this.acquire();
    let reusable = false;
    try {
      const result = await process.merge(input);
      reusable = true;
      return result;
    } finally {
      this.release(process, reusable);
    }
  };

  /** The pids of the processes kept (for tests and logs). */
  pids(): number[] {
    return [...this.idle, ...this.busy].filter((p) => p.alive).map((p) => p.pid!);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of [...this.idle, ...this.busy]) p.kill();
    this.idle = [];
    this.busy.clear();
    for (const wake of this.waiting.splice(0)) wake();
  }

  private async acquire(): Promise<MergeProcess> {
    for (;;) {
      if (this.closed) throw new Error('the merge pool is closed');
      const kept = this.idle.pop();
      if (kept?.alive) {
        this.busy.add(kept);
        return kept;
      }
      if (kept) continue;
      if (this.busy.size < this.options.size) {
        const started = new MergeProcess(this.options);
        this.busy.add(started);
        return started;
      }
      await new Promise<void>((wake) => this.waiting.push(wake));
    }
  }

  /** `reusable`: the last merge succeeded (or none was tried); after any failure the process goes. */
  private release(process: MergeProcess, reusable: boolean): void {
    this.busy.delete(process);
    if (this.closed) process.kill();
    // A merge that failed may have left the process in any state (a pdf-lib error, a start that failed, a kill, a timeout).
    else if (!reusable || !process.alive) process.kill();
    else if (process.uses >= this.options.maxUses) process.retire();
    else {
      this.idle.push(process);
      process.idle(() => {
        this.idle = this.idle.filter((p) => p !== process);
      });
    }
    this.waiting.shift()?.();
  }
}
