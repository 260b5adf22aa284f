import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { startServer, type RunningServer } from '../helpers/server.js';
import { startThrowawayCluster, postgresBinaries, type ThrowawayCluster } from '../helpers/throwaway-postgres.js';
import { createUserWithSession, type TestUser } from '../helpers/users.js';
import { TEST_TMP } from '../helpers/paths.js';
import { gatedDescribe } from '../helpers/gate.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/errors.server.js';

const KEYS = ['first_name', 'middle_name', 'last_name', 'preferred_name'] as const;
const USERS = 50; // × 4 keys = 200 concurrent saves

// CI always has PostgreSQL's binaries; only a developer machine without them reports this as not run.
const describeFault = gatedDescribe(postgresBinaries !== null, 'no PostgreSQL binaries under /usr/lib/postgresql for a throwaway cluster');

describeFault('PostgreSQL restarted (immediate) during 200 concurrent saves', () => {
  let cluster: ThrowawayCluster;
  let server: RunningServer;
  let knex: Knex;
  let users: TestUser[];

  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    server = await startServer({
      dataDir: mkdtempSync(join(TEST_TMP, 'fault-pg-')),
      env: { DATABASE_URL: cluster.url, WORKER: 'off', LOG_LEVEL: 'warn' },
    });
    knex = knexFactory({ client: 'pg', connection: cluster.url, pool: { min: 0, max: 2 } });
    users = [];
    for (let i = 0; i < USERS; i++) users.push(await createUserWithSession(knex, new Date()));
  }, 120_000);

  afterAll(async () => {
    await knex?.destroy();
    await server?.stop();
    cluster?.stop();
  });

  it('keeps every acknowledged save, reports the others as failures, and recovers without a restart', async () => {
    let inFlight = 0;
    const save = (user: TestUser, key: string, value: string) => {
      const sentAt = performance.now();
      inFlight++;
      return fetch(`${server.url}/api/answer`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: user.cookie },
        body: JSON.stringify({ [key]: value }),
      })
        .then(
          async (res) => ({
            user,
            key,
            value,
            sentAt,
            status: res.status,
            body: (await res.json().catch(() => null)) as { message?: string } | null,
          }),
          () => ({ user, key, value, sentAt, status: 0, body: null }),
        )
        .finally(() => inFlight--);
    };

    const saves: Array<Promise<Awaited<ReturnType<typeof save>>>> = [];
    let restart: Promise<void> | null = null;
    let restartBegan = Number.POSITIVE_INFINITY;
    let inFlightAtRestart = 0;
    for (let round = 0; round < KEYS.length; round++) {
      for (const [i, user] of users.entries()) {
        saves.push(save(user, KEYS[round]!, `v-${round}-${i}`));
        // A quarter of the saves are on their way: crash-restart the database under the rest, at a moment
        // when saves are unanswered (so the crash lands in the middle of some). A fast server answers most
        // saves within the 2 ms between them, so waiting for several in flight at once could wait for ever.
        if (round >= 1 && restart === null && inFlight >= 1) {
          inFlightAtRestart = inFlight;
          restartBegan = performance.now();
          restart = cluster.restartImmediate();
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    }
    const results = await Promise.all(saves);
    await restart;

    // The fault hit: the restart began while saves were unanswered and the traffic went on through it, so
    // some saves met the database down and were refused (a restart that missed every save would prove
    // nothing). Which ones depends on when the postmaster actually dies: the ones in flight at the
    // restart (sent before it) or the ones sent while it restarts.
    expect(restart).not.toBeNull();
    expect(inFlightAtRestart).toBeGreaterThan(0);
    const hitInFlight = results.filter((r) => r.status === 503);
    expect(hitInFlight.length).toBeGreaterThan(0);

    const acknowledged = results.filter((r) => r.status >= 200 && r.status < 300);
    const failed = results.filter((r) => !(r.status >= 200 && r.status < 300));
    // Failures are reported as failures: 503 with a message saying the change was not saved, never a 2xx.
    for (const f of failed) {
      expect(f.status).toBe(503);
      expect(f.body?.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    }

    // Every acknowledged save is in the database.
    const rows = (await knex('applications')
      .whereIn(
        'user_id',
        users.map((u) => u.id),
      )
      .select('user_id', 'answers')) as Array<{ user_id: string; answers: Record<string, string> }>;
    const byUser = new Map(rows.map((r) => [r.user_id, r.answers]));
    const lost = acknowledged.filter((a) => byUser.get(a.user.id)?.[a.key] !== a.value);
    expect(lost).toEqual([]);

    // The server recovers by itself: every applicant can save again.
    const after = await Promise.all(users.map((u, i) => save(u, 'first_name', `after-${i}`)));
    expect(after.filter((r) => r.status !== 200)).toEqual([]);
    console.log(
      `fault pg-restart: ${inFlightAtRestart} saves in flight at the restart, ${hitInFlight.length} refused (${hitInFlight.filter((r) => r.sentAt < restartBegan).length} of them sent before it); ${acknowledged.length} acknowledged, ${failed.length} reported failed (${[...new Set(failed.map((f) => `${f.status} ${f.body?.message ?? ''}`))].join('; ')}), 0 lost`,
    );
  }, 120_000);
});
