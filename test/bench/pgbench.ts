import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { postgresBinaries } from '../helpers/throwaway-postgres.js';

export interface PgbenchFigures {
  tps: number;
  latencyAvgMs: number;
}

/**
 * The database floor for an answer save: pgbench running the same jsonb merge and version bump that
 * PUT /api/answer does, on the same database, from `clients` connections over the given user ids, with
 * prepared statements (`-M prepared`, as issue 28 sets the target).
 */
export async function pgbenchAnswerSave(
  databaseUrl: string,
  userIds: string[],
  options: { clients: number; seconds: number },
): Promise<PgbenchFigures | null> {
  if (!postgresBinaries) return null;
  const dir = mkdtempSync(join(tmpdir(), 'pgbench-'));
  const script = join(dir, 'save.sql');
  const ids = userIds.map((id) => `'${id}'::uuid`).join(',');
  writeFileSync(
    script,
    [
      `\\set i random(1, ${userIds.length})`,
      'BEGIN;',
      `SELECT version FROM applications WHERE user_id = (ARRAY[${ids}])[:i] FOR UPDATE;`,
      `UPDATE applications SET answers = answers || jsonb_build_object('first_name', 'Bench ' || :i), version = version + 1, updated_at = now() WHERE user_id = (ARRAY[${ids}])[:i];`,
      'COMMIT;',
      '',
    ].join('\n'),
  );
  const { stdout } = await promisify(execFile)(
    join(postgresBinaries, 'pgbench'),
    ['-n', '-M', 'prepared', '-c', String(options.clients), '-j', '2', '-T', String(options.seconds), '-f', script, databaseUrl],
    {
      maxBuffer: 10_000_000,
    },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? NaN);
  return { tps: Math.round(tps), latencyAvgMs: latency };
}
