import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { freePort } from './server.js';

/** Debian's PostgreSQL binaries (the newest version installed). */
function binDir(): string | null {
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    return versions[0] ? `/usr/lib/postgresql/${versions[0]}/bin` : null;
  } catch {
    return null;
  }
}

export const postgresBinaries = binDir();

export interface ThrowawayCluster {
  url: string;
  port: number;
  /** `pg_ctl restart -m immediate`: the crash-like restart of the fault tests (runs while the test goes on). */
  restartImmediate(): Promise<void>;
  stop(): void;
}

function asPostgres(command: string, args: string[]): void {
  // initdb refuses to run as root (STACK-NOTES): run the cluster as the postgres user.
  const result = spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

/** A PostgreSQL cluster of the test's own, on a free port, that the test may restart or stop. */
export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  if (!postgresBinaries) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const bin = postgresBinaries;
  const dir = mkdtempSync(join(tmpdir(), 'fa-pg-'));
  chmodSync(dir, 0o700);
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  const port = await freePort();
  asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctl = (...args: string[]) => asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', ...args]);
  ctl('-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restartImmediate: () =>
      new Promise<void>((resolve, reject) => {
        execFile(
          'runuser',
          [
            '-u',
            'postgres',
            '--',
            join(bin, 'pg_ctl'),
            '-D',
            data,
            '-l',
            join(dir, 'log'),
            '-w',
            '-t',
            '60',
            '-o',
            options,
            '-m',
            'immediate',
            'restart',
          ],
          (err) => (err ? reject(err) : resolve()),
        );
      }),
    stop: () => {
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
    },
  };
}
