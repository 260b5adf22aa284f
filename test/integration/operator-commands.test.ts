import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { ROOT, TEST_TMP } from '../helpers/paths.js';
import { freePort } from '../helpers/server.js';

/**
 * The command table of docs/operations.md is executable documentation: each operator command, run the way an
 * operator runs it (`npm run <command> -- …` in a fresh copy of the repository, no variables but the ones the
 * table names), does what the table says. The copy holds the tracked files, the installed node_modules and the
 * build (`npm run build`, made once by test/run-all.mjs): each command runs node on its built file.
 */
let clone: string;
let env: Record<string, string>;
let db: TestDatabase | null = null;
/** Commands that need no database run at once, in parallel with the first migration. */
let early: { migrate: Promise<Run>; service: Promise<Run>; prefill: Promise<Run>; usage: Promise<Run> };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function npmRun(command: string, args: string[] = [], extraEnv: Record<string, string> = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', command, ...(args.length > 0 ? ['--', ...args] : [])], {
      cwd: clone,
      env: { ...env, ...extraEnv },
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

beforeAll(async () => {
  clone = mkdtempSync(join(TEST_TMP, 'operator-'));
  const tracked = execFileSync('git', ['-C', ROOT, 'ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of tracked) {
    if (!existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(clone, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
  cpSync(join(ROOT, 'dist'), join(clone, 'dist'), { recursive: true });
  // What an operator's shell has; no DATABASE_URL (the embedded default) unless a command needs it.
  env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', PORT: String(await freePort()), LOG_LEVEL: 'info' };
  const answers = join(clone, 'answers.json');
  writeFileSync(answers, JSON.stringify({ first_name: 'Ada', state: 'UT' }));
  early = {
    migrate: npmRun('migrate'),
    // An application id needs no database (an e-mail is looked up in it).
    service: npmRun('service-link', ['0F8FAD5B-D9CB-469F-A165-70867728950E']),
    prefill: npmRun('prefill-link', [answers]),
    usage: npmRun('service-link'),
  };
  if (process.env.DATABASE_URL) db = await createTestDatabase();
}, 120_000);
afterAll(() => db?.drop());

describe('the operator commands of docs/operations.md, on a fresh copy', () => {
  it('npm run migrate: applies the migrations to a fresh DATA_DIR, and again changes nothing (exit 0 both times)', async () => {
    const first = await early.migrate;
    expect(first).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Applied \d+ migration\(s\) to the embedded database .*\.data\/pglite/),
    });
    expect(existsSync(join(clone, '.data', 'pglite'))).toBe(true);
    const second = await npmRun('migrate');
    expect(second).toMatchObject({ code: 0, stdout: expect.stringContaining('Nothing to apply') });
  });

  it('npm run service-link and npm run prefill-link print working-looking URLs without a database', async () => {
    const [service, prefill, usage] = await Promise.all([early.service, early.prefill, early.usage]);
    expect(service.code).toBe(0);
    // The staff desk's page of the application (staff sign-in required), no bearer token (issue 23 finding 3).
    expect(service.stdout.trim()).toBe(`http://localhost:${env.PORT}/staff/applications/0f8fad5b-d9cb-469f-a165-70867728950e`);
    expect(prefill.code).toBe(0);
    const url = new URL(prefill.stdout.trim());
    expect(url.pathname).toBe('/about');
    // Sealed (AES-GCM under SESSION_SECRET, issue 23 finding 13): one opaque base64url string, no readable answers.
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(usage.code).not.toBe(0);
    expect(usage.stderr).toContain('usage: npm run service-link');
  });

  it('npm run lookup:import loads a good file (exit 0) and refuses a bad one with a message (exit 1)', async () => {
    const good = join(clone, 'schools.csv');
    writeFileSync(
      good,
      ['ceeb,name,address_line_1,city,state,zip,country,source_id', '990501,Operator High,,Logan,UT,84321,US,test:501'].join('\n'),
    );
    const bad = join(clone, 'not-schools.csv');
    writeFileSync(bad, 'school,town\nSomewhere High,Logan\n');
    const loaded = await npmRun('lookup:import', ['hs_ceeb', good]);
    expect(loaded).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('hs_ceeb: 1 rows read: 1 inserted, 0 updated, 0 unchanged, 0 rejected'),
    });
    const refused = await npmRun('lookup:import', ['hs_ceeb', bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/header lacks the column\(s\)/);
  });

  it('npm run worker starts, handles the stop signal and exits 0 (PostgreSQL); on the embedded database it says why it cannot run', async () => {
    if (!db) {
      const refused = await npmRun('worker');
      expect(refused.code).toBe(1);
      expect(refused.stdout + refused.stderr).toContain('npm run worker needs DATABASE_URL');
      return;
    }
    // Its own process group, as a terminal would have it: Ctrl-C reaches npm, its shell and the worker.
    const worker = spawn('npm', ['run', '--silent', 'worker'], {
      cwd: clone,
      env: { ...env, DATABASE_URL: db.url! },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const started = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('"msg":"worker started"')) resolve();
      };
      worker.stdout!.on('data', onData);
      worker.stderr!.on('data', onData);
      worker.on('exit', (code) => reject(new Error(`the worker exited (${code}) before it started:\n${output}`)));
    });
    // 'close', not 'exit': npm may end on the signal before the worker has written its last line; the pipes
    // close only when every process holding them (the worker too) has gone.
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      worker.on('close', (code, signal) => resolve({ code, signal })),
    );
    const groupAlive = () => {
      try {
        process.kill(-worker.pid!, 0);
        return true;
      } catch {
        return false;
      }
    };
    try {
      await started;
      process.kill(-worker.pid!, 'SIGINT');
      // npm ends the way the signal asked (or 0), once the worker has stopped its queue and closed the database.
      const { code, signal } = await exited;
      expect(code === 0 || signal === 'SIGINT').toBe(true);
      expect(output).toContain('"msg":"worker stopping"');
      expect(output).not.toMatch(/"level":(50|60)/); // no error or fatal line on the way down
      // Nothing of it lingers: the whole process group (npm, its shell, the worker) is gone.
      for (const deadline = Date.now() + 20_000; groupAlive() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100));
      expect(groupAlive()).toBe(false);
    } finally {
      try {
        process.kill(-worker.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });

  it('docs/operations.md lists exactly these commands, and package.json defines each of them', () => {
    const readme = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8');
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
    );
    const listed = [...readme.matchAll(/^\| `npm (?:run )?([a-z:-]+)/gm)].map((m) => m[1]!);
    expect(listed).toEqual(expect.arrayContaining(['migrate', 'service-link', 'prefill-link', 'lookup:import', 'worker']));
    for (const command of listed) expect(scripts).toContain(command);
    // Every command runs node on a file the build makes (npm run migrate once pointed at a file that never did).
    const defined = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const command of [
      'start',
      'worker',
      'migrate',
      'service-link',
      'prefill-link',
      'lookup:import',
      'staff-link',
      'integration-client',
      'backup',
      'restore',
    ]) {
      const entry = /&& node (dist\/node\/\S+\.mjs)$/.exec(defined[command] ?? '')?.[1];
      expect([command, entry !== undefined && existsSync(join(clone, entry))]).toEqual([command, true]);
    }
  });
});
