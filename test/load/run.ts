/**
 * `npm run load -- --applicants N [--arrivals-per-second R] [--think-ms T] [--web P] [--workers W] [--profile]`:
 * runs the load test (test/load/load.ts), prints completed journeys, errors by step and p50/p95 per
 * step, and writes bench-results/load-latest.json. Exits 1 unless every journey completed and was stored.
 * `--scenario deadline --submissions N --seconds S [--nginx]` runs the deadline burst instead (test/load/deadline.ts,
 * printed by print-deadline.ts; bench-results/load-deadline-latest.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';
import { runLoad, type LoadResult } from './load.js';
import { runDeadline } from './deadline.js';
import { printDeadline } from './print-deadline.js';
import { LoadUsageError, parseLoadOptions, type LoadOptions } from './options.js';

function usageOrThrow(err: unknown): never {
  if (!(err instanceof LoadUsageError) && !/^(unknown option|--)/.test((err as Error).message)) throw err;
  console.error((err as Error).message);
  process.exit(2);
}

let options: LoadOptions;
try {
  options = parseLoadOptions(process.argv.slice(2));
} catch (err) {
  usageOrThrow(err);
}
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });

if (options.scenario === 'deadline') {
  const deadline = await runDeadline(options).catch(usageOrThrow);
  printDeadline(deadline);
  writeFileSync(join(ROOT, 'bench-results', 'load-deadline-latest.json'), JSON.stringify(deadline, null, 2));
  console.log(`\nwritten to bench-results/load-deadline-latest.json (logs: ${deadline.logs})`);
  process.exit(deadline.ok ? 0 : 1);
}

let result: LoadResult;
try {
  result = await runLoad(options);
} catch (err) {
  usageOrThrow(err);
}
const errorCount = Object.values(result.errors).reduce((n, byMessage) => n + Object.values(byMessage).reduce((a, b) => a + b, 0), 0);
console.log(`\nCompleted journeys: ${result.completed} of ${result.options.applicants} in ${result.seconds} s; errors: ${errorCount}`);
for (const [step, byMessage] of Object.entries(result.errors))
  for (const [message, count] of Object.entries(byMessage)) console.log(`  error at "${step}" ×${count}: ${message}`);
console.log(`\n${'step'.padEnd(36)} ${'count'.padStart(6)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'max ms'.padStart(9)}`);
for (const r of result.steps)
  console.log(
    `${r.step.padEnd(36)} ${String(r.count).padStart(6)} ${String(r.p50).padStart(9)} ${String(r.p95).padStart(9)} ${String(r.max).padStart(9)}`,
  );
if (result.stored) console.log(`\nStored (PostgreSQL): ${JSON.stringify(result.stored)}`);
if (result.requestsByWebProcess.length > 1) console.log(`Requests served by each web process: ${result.requestsByWebProcess.join(', ')}`);
console.log(`Server log lines at level error or fatal: ${result.serverErrorLines.length}`);
for (const line of result.serverErrorLines.slice(0, 5)) console.log(`  ${line.slice(0, 400)}`);
writeFileSync(join(ROOT, 'bench-results', 'load-latest.json'), JSON.stringify(result, null, 2));
console.log(
  `\nwritten to bench-results/load-latest.json (server log: ${result.serverLog}${result.profiles ? `; CPU profiles: ${result.profiles}` : ''})`,
);
process.exit(result.ok ? 0 : 1);
