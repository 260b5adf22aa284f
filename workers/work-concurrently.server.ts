import type PgBoss from 'pg-boss';

/**
 * pg-boss 10 runs one job at a time per work() call. A conversion or a PDF spends most of its time
 * waiting for LibreOffice or Chromium (the worker's own event loop stayed ~80 % idle under the load
 * test), so one at a time left both cores half used while applicants waited in the queue. Each call
 * adds one job in flight in this process; more processes (`npm run worker`) add more.
 */
export async function workConcurrently<T extends object>(
  boss: PgBoss,
  queue: string,
  concurrency: number,
  options: PgBoss.WorkOptions,
  handler: PgBoss.WorkHandler<T>,
): Promise<void> {
  for (let i = 0; i < concurrency; i++) await boss.work<T>(queue, options, handler);
}
