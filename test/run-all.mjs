#!/usr/bin/env node
// Runs every test layer with jest and ends with the line CI reads: `tests: N passed, N failed, N skipped`.
// Builds first (scripts/build.mjs: tests start the server, the commands and the isolated processes from
// dist/, as production does), unless dist/ was built from these very sources: .ci/run's passes build once. A suite that cannot run here
// (no Chromium, no PostgreSQL) records why (test/helpers/gate.ts), and the reasons are printed above that
// line; in CI (CI=true) any skipped test fails the run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, '.test-tmp');
mkdirSync(tmp, { recursive: true });
const skipReasons = join(tmp, 'skip-reasons.log');
rmSync(skipReasons, { force: true });

const started = Date.now();
// ESLint over the tree (eslint.config.js) when the whole suite runs (no test paths given); a lint failure
// counts as one failed test in the closing line.
const wholeSuite = process.argv.slice(2).every((arg) => arg.startsWith('-'));
const lintFailed = wholeSuite && spawnSync('npx', ['eslint', '--max-warnings=0', '.'], { cwd: root, stdio: 'inherit' }).status !== 0;
if (lintFailed) console.log('lint failed (npm run lint)');

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.log('the build failed');
  console.log('tests: 0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

const results = join(tmp, 'jest-results.json');
const args = ['--experimental-vm-modules', join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--json', `--outputFile=${results}`, ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '' } });

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(results)) {
  const summary = JSON.parse(readFileSync(results, 'utf8'));
  passed = summary.numPassedTests;
  failed = summary.numFailedTests + summary.numRuntimeErrorTestSuites;
  skipped = summary.numPendingTests + summary.numTodoTests;
  for (const suite of summary.testResults) {
    if (suite.status === 'failed' && suite.assertionResults.length === 0) console.log(`suite failed to run: ${suite.name}\n${suite.message}`);
  }
}
if (run.status !== 0 && failed === 0) failed = 1;
if (lintFailed) failed += 1;
if (skipped > 0) {
  const reasons = existsSync(skipReasons) ? [...new Set(readFileSync(skipReasons, 'utf8').split('\n').filter(Boolean))] : [];
  console.log(`skipped ${skipped} test(s):`);
  for (const line of reasons.length > 0 ? reasons : ['(no reason recorded: a test was skipped by hand, which no test may be)']) console.log(`  ${line}`);
  if (process.env.CI === 'true') console.log('CI runs every test: a skipped test fails the run.');
}
const ok = failed === 0 && run.status === 0 && !(skipped > 0 && process.env.CI === 'true');
console.log(`took ${Math.floor((Date.now() - started) / 60_000)} min ${Math.round(((Date.now() - started) % 60_000) / 1000)} s`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
