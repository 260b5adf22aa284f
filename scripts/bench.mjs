#!/usr/bin/env node
// `npm run bench`: runs the measuring script on the Node.js major the production image runs (the Dockerfile's FROM
// line), from the npm registry's `node` package as .ci/run does, when this machine's own Node is another major: a
// figure is only worth reading for the runtime that serves students.
// On one 2-core machine, Node 20.20 served a bare Express route at 2,968 req/s where Node 24.21 served 7,740, and
// a student's form page in 6.2 ms of CPU where Node 24 took 3.6 (docs/performance.md).
// BENCH_NODE=current measures with this machine's Node instead.
//
//   node scripts/bench.mjs test/bench/run.ts
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const script = process.argv[2];
if (!script) {
  console.error('usage: node scripts/bench.mjs <script.ts> [args…]');
  process.exit(2);
}
const productionMajor = /^FROM node:(\d+)/m.exec(readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8'))?.[1];
const ownMajor = process.versions.node.split('.')[0];
const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));
const args = [tsx, script, ...process.argv.slice(3)];
const useOwn = process.env.BENCH_NODE === 'current' || !productionMajor || productionMajor === ownMajor;
const run = useOwn
  ? spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' })
  : spawnSync('npx', ['-y', '-p', `node@${productionMajor}`, 'node', ...args], { cwd: root, stdio: 'inherit' });
if (run.error) {
  console.error(`could not start Node ${useOwn ? ownMajor : productionMajor}: ${run.error.message}`);
  process.exit(1);
}
process.exit(run.status ?? 1);
