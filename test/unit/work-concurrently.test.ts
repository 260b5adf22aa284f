import { describe, expect, it } from '@jest/globals';
import type PgBoss from 'pg-boss';
import { workConcurrently } from '../../workers/work-concurrently.server.js';

/**
 * A busy queue is worked back to back: after a job, the work() loop that ran it is told to fetch again at once
 * (pg-boss would otherwise sleep out the rest of its polling interval); after an empty fetch it is not.
 */
function fakeBoss() {
  const handlers = new Map<string, (jobs: Array<{ data: object }>) => Promise<unknown>>();
  const notified: string[] = [];
  const boss = {
    work: async (_queue: string, _options: object, handler: (jobs: Array<{ data: object }>) => Promise<unknown>) => {
      const id = `worker-${handlers.size + 1}`;
      handlers.set(id, handler);
      return id;
    },
    notifyWorker: (id: string) => notified.push(id),
  };
  return { boss: boss as unknown as PgBoss, handlers, notified };
}

describe('working a queue several jobs at a time', () => {
  it('starts one work() loop per job in flight and has each fetch again as soon as its job is done', async () => {
    const { boss, handlers, notified } = fakeBoss();
    const ran: object[] = [];
    await workConcurrently(boss, 'q', 3, { batchSize: 1 }, async (jobs) => {
      ran.push(...jobs.map((j) => j.data));
    });
    expect([...handlers.keys()]).toEqual(['worker-1', 'worker-2', 'worker-3']);
    await handlers.get('worker-2')!([{ data: { n: 1 } }]);
    expect(ran).toEqual([{ n: 1 }]);
    expect(notified).toEqual(['worker-2']);
    await handlers.get('worker-1')!([]);
    expect(notified).toEqual(['worker-2']);
  });

  it('fetches again at once after a job that failed too (pg-boss retries it later)', async () => {
    const { boss, handlers, notified } = fakeBoss();
    await workConcurrently(boss, 'q', 1, { batchSize: 1 }, async () => {
      throw new Error('Chromium went away');
    });
    await expect(handlers.get('worker-1')!([{ data: {} }])).rejects.toThrow('Chromium went away');
    expect(notified).toEqual(['worker-1']);
  });
});
