import { afterEach, describe, expect, it } from '@jest/globals';
import { PDFDocument } from '@cantoo/pdf-lib';
import { makePdf } from '../fixtures/documents.js';
import { MergePool } from '../../workers/pdf/merge-pool.server.js';

/**
 * The application PDF's warm merge processes (docs/decisions/0194-one-print-document-and-warm-merge.md):
 * one process serves merge after merge, and one that dies or overruns costs only the merge it held.
 */
const pools: MergePool[] = [];
function pool(options: ConstructorParameters<typeof MergePool>[0] = {}): MergePool {
  const created = new MergePool(options);
  pools.push(created);
  return created;
}

async function input(pages: number[]) {
  return { applicantName: 'Maria Lopez', parts: await Promise.all(pages.map((n) => makePdf(n))) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(probe: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

afterEach(async () => {
  for (const p of pools.splice(0)) await p.close();
});

describe('the merge pool', () => {
  it('merges application after application in one process, numbering every page', async () => {
    const merges = pool({ size: 1 });
    const first = await merges.merge(await input([2, 1]));
    const [pid] = merges.pids();
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    const second = await merges.merge(await input([1, 1, 3]));
    expect(merges.pids()).toEqual([pid]);
    expect(first.pageCount).toBe(3);
    expect(second.pageCount).toBe(5);
    expect((await PDFDocument.load(second.pdf)).getPageCount()).toBe(5);
  });

  it('survives the death of its process: the merge it held fails (the job is retried), the next one gets a new process', async () => {
    const merges = pool({ size: 1 });
    await merges.merge(await input([1]));
    const [first] = merges.pids();
    // Killed while idle: the next merge starts a new process.
    process.kill(first!, 'SIGKILL');
    await until(() => !merges.pids().includes(first!), 'the killed process to be noticed');
    const after = await merges.merge(await input([1, 1]));
    expect(after.pageCount).toBe(2);
    const [second] = merges.pids();
    expect(second).not.toBe(first);

    // Killed while merging: that merge rejects with an Error, and the pool goes on.
    const big = await input([40, 40, 40, 40]);
    const inFlight = merges.merge(big);
    process.kill(second!, 'SIGKILL');
    await expect(inFlight).rejects.toThrow(/merge process ended/);
    expect((await merges.merge(await input([1]))).pageCount).toBe(1);
    expect(merges.pids()).not.toContain(second);
  });

  it('kills a process whose merge overruns its time limit, and replaces a process after maxUses merges', async () => {
    const slow = pool({ size: 1, timeoutMs: 1 });
    slow.warm();
    await until(() => slow.pids().length === 1, 'the warm process');
    const [pid] = slow.pids();
    await expect(slow.merge(await input([20]))).rejects.toThrow(/took longer than/);
    await until(() => !alive(pid!), 'the overrunning process to be killed');

    const recycled = pool({ size: 1, maxUses: 2 });
    await recycled.merge(await input([1]));
    const [before] = recycled.pids();
    await recycled.merge(await input([1]));
    await until(() => !alive(before!), 'the process to leave after its last merge');
    await recycled.merge(await input([1]));
    expect(recycled.pids()).not.toContain(before);
  });

  it('runs at most `size` merges at once and leaves no process behind when closed', async () => {
    const merges = pool({ size: 2 });
    const results = await Promise.all([1, 2, 3, 4, 5].map(async (n) => merges.merge(await input([n]))));
    expect(results.map((r) => r.pageCount)).toEqual([1, 2, 3, 4, 5]);
    const pids = merges.pids();
    expect(pids.length).toBeLessThanOrEqual(2);
    await merges.close();
    await until(() => pids.every((pid) => !alive(pid)), 'the processes to exit');
    await expect(merges.merge(await input([1]))).rejects.toThrow(/closed/);
  });
});
