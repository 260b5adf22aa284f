#!/usr/bin/env node
// Runs every test layer with jest and ends with the line CI reads: `tests: N passed, N failed`.
// Builds the client first (e2e and page tests use the production build).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, '.test-tmp');
mkdirSync(tmp, { recursive: true });

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.log('vite build failed');
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

const results = join(tmp, 'jest-results.json');
const args = ['--experimental-vm-modules', join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--json', `--outputFile=${results}`, ...process.argv.slice(2)];
const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '' } });

let passed = 0;
let failed = 0;
if (existsSync(results)) {
  const summary = JSON.parse(readFileSync(results, 'utf8'));
  passed = summary.numPassedTests;
  failed = summary.numFailedTests + summary.numRuntimeErrorTestSuites;
  for (const suite of summary.testResults) {
    if (suite.status === 'failed' && suite.assertionResults.length === 0) console.log(`suite failed to run: ${suite.name}\n${suite.message}`);
  }
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && run.status === 0 ? 0 : 1);
