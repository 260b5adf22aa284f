#!/usr/bin/env node
// Checks the folder import rules of .dependency-cruiser.cjs (DESIGN §2) and prints one line per broken
// rule: `rule: from → to`. Exit 0 when none is broken, 1 otherwise.
// Usage: node scripts/check-import-boundaries.mjs [--base DIR] [--json]
// (dependency-cruiser's own CLI refuses Node 20; its API, used here, runs on Node 20 and 24.)
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { cruise } from 'dependency-cruiser';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const baseIndex = args.indexOf('--base');
const baseDir = baseIndex >= 0 ? resolve(args[baseIndex + 1]) : root;
const config = createRequire(import.meta.url)(resolve(root, '.dependency-cruiser.cjs'));

const folders = ['platform', 'domain', 'islands', 'views', 'form', 'contracts', 'db', 'server', 'workers', 'pages'].filter((folder) =>
  existsSync(resolve(baseDir, folder)),
);
const result = await cruise(folders, { ...config.options, baseDir, validate: true, ruleSet: { forbidden: config.forbidden } });
const violations = [
  ...result.output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to })),
  ...folderCycles(result.output.modules),
];

/**
 * No circle between top-level folders (a rule dependency-cruiser cannot state per folder): every import from one
 * folder into another whose folder reaches back to the first is reported, as `no-folder-cycle: a/x.ts → b/y.ts`.
 */
function folderCycles(modules) {
  const top = (path) => path.split('/')[0];
  const edges = new Map();
  for (const module of modules) {
    for (const dep of module.dependencies) {
      if (!dep.dependencyTypes.includes('local')) continue;
      const [from, to] = [top(module.source), top(dep.resolved)];
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, []);
      edges.get(from).push({ to, line: { rule: 'no-folder-cycle', from: module.source, to: dep.resolved } });
    }
  }
  const reaches = (from, target, seen = new Set()) => {
    if (from === target) return true;
    if (seen.has(from)) return false;
    seen.add(from);
    return (edges.get(from) ?? []).some((edge) => reaches(edge.to, target, seen));
  };
  return [...edges].flatMap(([from, list]) => list.filter((edge) => reaches(edge.to, from)).map((edge) => edge.line));
}

if (args.includes('--json')) console.log(JSON.stringify({ modules: result.output.summary.totalCruised, violations }));
else {
  for (const v of violations) console.log(`${v.rule}: ${v.from} → ${v.to}`);
  console.log(`${result.output.summary.totalCruised} modules, ${violations.length} broken import rule(s)`);
}
process.exit(violations.length === 0 ? 0 : 1);
