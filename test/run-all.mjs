#!/usr/bin/env node
// Runs every test layer with jest and ends with the line CI reads: `tests: N passed, N failed, N skipped`.
// The whole suite (no test paths) starts with the type check (`npm run typecheck`: jest strips the types unchecked)
// and ESLint; each that fails counts as one failed test. `--unit` (`npm run test:unit`) is the fast loop: test/unit
// alone, without the build, the type check, the lint or a database (no unit test reads dist/ or opens one).
// Builds first (scripts/build.mjs: tests start the server, the commands and the isolated processes from
// dist/, as production does), unless dist/ was built from these very sources: .ci/run's passes build once. A suite that cannot run here
// (no Chromium, no PostgreSQL) records why (test/helpers/gate.ts), and the reasons are printed above that
// line; in CI (CI=true) any skipped test fails the run.
//
// The database (docs/decisions/0280-tests-on-a-local-postgresql.md): with DATABASE_URL every test uses that server.
// Without it, the whole suite (no test paths given) looks for a PostgreSQL on this machine (TEST_POSTGRES_URL, by
// default postgres://postgres@127.0.0.1:5432/postgres) and, when one answers, runs as CI does: the unit and
// database-layer tests on embedded PGlite, then every other layer on a database of its own on that server, dropped
// at the end. TEST_DATABASE=pglite runs everything on PGlite; with test paths it is PGlite unless DATABASE_URL is set.
// The PostgreSQL pass gets TEST_PGLITE_LAYER_RAN=1 (as .ci/run's second pass does): the database-layer tests then
// run only on PostgreSQL there, their PGlite half having run in the first pass (test/integration/db-kinds.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, '.test-tmp');
mkdirSync(tmp, { recursive: true });
const skipReasons = join(tmp, 'skip-reasons.log');
rmSync(skipReasons, { force: true });

const started = Date.now();
const unitOnly = process.argv.includes('--unit');
const userArgs = process.argv.slice(2).filter((arg) => arg !== '--unit');
const wholeSuite = !unitOnly && userArgs.every((arg) => arg.startsWith('-'));

/** A database of this run's own on a local PostgreSQL, or null when none answers (or one is not wanted). */
async function localPostgres() {
  if (process.env.DATABASE_URL || !wholeSuite || process.env.TEST_DATABASE === 'pglite') return null;
  const admin = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `fa_test_${Date.now()}_${process.pid}`;
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`create database "${name}"`);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { admin, name, url: url.toString() };
}

/** Drops the run's database and the template and per-file copies the tests made of it (test/helpers/db-names.ts). */
async function dropDatabases(local) {
  const client = new pg.Client({ connectionString: local.admin, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query('select datname from pg_database where datname like $1', [`${local.name}%`]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } catch (error) {
    console.log(`could not drop the test databases ${local.name}*: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

function jest(name, args, env) {
  const results = join(tmp, `jest-results-${name}.json`);
  rmSync(results, { force: true });
  const run = spawnSync(
    process.execPath,
    ['--experimental-vm-modules', join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--json', `--outputFile=${results}`, ...args],
    { cwd: root, stdio: 'inherit', env: { ...env, NODE_OPTIONS: '' } },
  );
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(results)) {
    const summary = JSON.parse(readFileSync(results, 'utf8'));
    counts.passed = summary.numPassedTests ?? 0;
    counts.failed = (summary.numFailedTests ?? 0) + (summary.numRuntimeErrorTestSuites ?? 0);
    counts.skipped = (summary.numPendingTests ?? 0) + (summary.numTodoTests ?? 0);
    for (const suite of summary.testResults ?? []) {
      if (suite.status === 'failed' && suite.assertionResults.length === 0)
        console.log(`suite failed to run: ${suite.name}\n${suite.message}`);
    }
  }
  if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
  return { ...counts, ok: run.status === 0 };
}

// Ctrl-C reaches jest too; this process stays to drop the databases it made.
process.on('SIGINT', () => {});

/** Runs a whole-tree check; a failure is reported by name and counts as one failed test. */
function check(name, command, args) {
  const began = Date.now();
  const failed = spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status !== 0;
  console.log(`${name} ${failed ? 'FAILED' : 'passed'} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
  return failed;
}

// The type check and ESLint over the tree when the whole suite runs (in .ci/run: its second pass only).
const checksFailed = wholeSuite
  ? [
      check('typecheck (npm run typecheck)', 'npm', ['run', '--silent', 'typecheck']),
      check('lint (npm run lint)', 'npx', ['eslint', '--max-warnings=0', '.']),
    ].filter(Boolean).length
  : 0;

if (!unitOnly) {
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.log('the build failed');
    console.log(`tests: 0 passed, ${1 + checksFailed} failed, 0 skipped`);
    process.exit(1);
  }
}

const local = await localPostgres();
const passes = [];
if (local) {
  console.log(
    `database: unit and database-layer tests on embedded PGlite, every other layer on PostgreSQL (${local.name}, dropped at the end)`,
  );
  const embedded = { ...process.env };
  delete embedded.DATABASE_URL;
  try {
    passes.push(jest('pglite', ['test/unit', 'test/integration/db-', ...userArgs], embedded));
    passes.push(
      jest('postgresql', ['--testPathIgnorePatterns=/test/unit/', ...userArgs], {
        ...process.env,
        DATABASE_URL: local.url,
        TEST_PGLITE_LAYER_RAN: '1',
      }),
    );
  } finally {
    await dropDatabases(local);
  }
} else if (unitOnly) {
  console.log('database: none (test/unit only, no build)');
  const embedded = { ...process.env, TEST_DATABASES: 'none' };
  delete embedded.DATABASE_URL;
  const paths = userArgs.some((arg) => !arg.startsWith('-')) ? [] : ['test/unit'];
  passes.push(jest('unit', [...paths, ...userArgs], embedded));
} else {
  console.log(process.env.DATABASE_URL ? 'database: DATABASE_URL' : 'database: embedded PGlite');
  passes.push(jest('all', userArgs, process.env));
}

const passed = passes.reduce((n, p) => n + p.passed, 0);
const skipped = passes.reduce((n, p) => n + p.skipped, 0);
const failed = passes.reduce((n, p) => n + p.failed, 0) + checksFailed;
if (skipped > 0) {
  const reasons = existsSync(skipReasons) ? [...new Set(readFileSync(skipReasons, 'utf8').split('\n').filter(Boolean))] : [];
  console.log(`skipped ${skipped} test(s):`);
  for (const line of reasons.length > 0 ? reasons : ['(no reason recorded: a test was skipped by hand, which no test may be)'])
    console.log(`  ${line}`);
  if (process.env.CI === 'true') console.log('CI runs every test: a skipped test fails the run.');
}
const ok = failed === 0 && passes.every((p) => p.ok) && !(skipped > 0 && process.env.CI === 'true');
console.log(`took ${Math.floor((Date.now() - started) / 60_000)} min ${Math.round(((Date.now() - started) % 60_000) / 1000)} s`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
