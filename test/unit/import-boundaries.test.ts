import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../helpers/paths.js';

/** DESIGN §2's "may import" column, checked by dependency-cruiser with the rules of .dependency-cruiser.cjs. */
interface Violation {
  rule: string;
  from: string;
  to: string;
}

const FIXTURE = join(ROOT, 'test', 'fixtures', 'import-boundaries');
const rules = (createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: Array<{ name: string }> }).forbidden.map((rule) => rule.name);

async function violationsIn(base: string): Promise<Violation[]> {
  const script = join(ROOT, 'scripts', 'check-import-boundaries.mjs');
  // Exit code 1 means "rules broken": the JSON on stdout says which.
  const { stdout } = await promisify(execFile)(process.execPath, [script, '--base', base, '--json'], { cwd: ROOT }).catch((err: { stdout?: string }) => {
    if (!err.stdout) throw err;
    return { stdout: err.stdout };
  });
  return (JSON.parse(stdout) as { violations: Violation[] }).violations;
}

const named = (violations: Violation[]) => violations.map((v) => `${v.rule}: ${v.from} → ${v.to}`);

describe('folder import boundaries', () => {
  it('holds in the project: no import crosses a boundary', async () => {
    expect(named(await violationsIn(ROOT))).toEqual([]);
  });

  it('fails on a tree that crosses each boundary on purpose, naming the rule and the import', async () => {
    const found = named(await violationsIn(FIXTURE));
    expect(found.sort()).toEqual(
      [
        'islands-import-only-form-contracts-and-views: islands/Widget.island.ts → server/secret.server.ts',
        'views-import-only-form-and-contracts: views/ReadOnlyView.ts → islands/Widget.island.ts',
        'server-imports-no-pages: server/routes.server.ts → pages/Page.ts',
        'form-imports-only-itself: form/definition.ts → contracts/routes.ts',
        'contracts-import-only-form: contracts/session.ts → server/secret.server.ts',
        'db-imports-only-form-and-contracts: db/repos/users.server.ts → islands/Widget.island.ts',
        'server-reaches-workers-only-through-queues: server/routes.server.ts → workers/jobs/job.server.ts',
        'workers-use-only-shared-server-modules: workers/jobs/job.server.ts → server/secret.server.ts',
        'workers-import-no-pages-or-islands: workers/jobs/job.server.ts → pages/Page.ts',
        'pages-import-server-only-from-hooks: pages/Page.ts → server/secret.server.ts',
        'domain-reaches-server-only-for-types-and-the-release-path: domain/reading/op.server.ts → server/secret.server.ts',
        'domain-reaches-workers-only-through-queues: domain/reading/op.server.ts → workers/jobs/job.server.ts',
        'domain-imports-no-pages-or-islands: domain/reading/op.server.ts → pages/Page.ts',
      ].sort(),
    );
    // Every rule is proved able to fail.
    expect(new Set(found.map((line) => line.split(':')[0]))).toEqual(new Set(rules));
  });
});
