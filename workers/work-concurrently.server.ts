import type PgBoss from 'pg-boss';

/**
 * pg-boss 10 runs one job at a time per work() call. A conversion or a PDF spends most of its time
 * waiting for LibreOffice or Chromium (the worker's own event loop stayed ~80 % idle under the load
 * test), so one at a time left both cores half used while applicants waited in the queue. Each call
 * adds one job in flight in this process; more processes (`npm run worker`) add more.
 *
 * A work() loop that found a job then sleeps out the rest of its polling interval before fetching again
 * (pg-boss's Worker: `interval - duration`), so a slot whose jobs take 150 ms ran at most two a second
 * however long the queue: with four PDF slots, a ceiling of 8 PDFs/s that no CPU could lift. After a job the
 * loop is told (notifyWorker) to fetch again at once: a busy queue is worked back to back, an empty one is
 * still polled every interval.
 */
export async function workConcurrently<T extends object>(
  boss: PgBoss,
  queue: string,
  concurrency: number,
  options: PgBoss.WorkOptions,
  handler: PgBoss.WorkHandler<T>,
): Promise<void> {
  for (let i = 0; i < concurrency; i++) {
    let id: string | null = null;
    id = await boss.work<T>(queue, options, async (jobs) => {
      try {
        return await handler(jobs);
      } finally {
        if (jobs.length > 0 && id) boss.notifyWorker(id);
      }
    });
  }
}
