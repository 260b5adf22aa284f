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
const rules = (
  createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: Array<{ name: string }> }
).forbidden.map((rule) => rule.name);

async function violationsIn(base: string): Promise<Violation[]> {
  const script = join(ROOT, 'scripts', 'check-import-boundaries.mjs');
  // Exit code 1 means "rules broken": the JSON on stdout says which.
  const { stdout } = await promisify(execFile)(process.execPath, [script, '--base', base, '--json'], { cwd: ROOT }).catch(
    (err: { stdout?: string }) => {
      if (!err.stdout) throw err;
      return { stdout: err.stdout };
    },
  );
  return (JSON.parse(stdout) as { violations: Violation[] }).violations;
}

const named = (violations: Violation[]) => violations.map((v) => `${v.rule}: ${v.from} → ${v.to}`);

describe('folder import boundaries', () => {
  it('holds in the project: no import crosses a boundary', async () => {
    expect(named(await violationsIn(ROOT))).toEqual([]);
  });

  it('fails on a tree that crosses each boundary on purpose, naming the rule and the import', async () => {
    const all = named(await violationsIn(FIXTURE));
    const found = all.filter((line) => !line.startsWith('no-folder-cycle:'));
    expect(found.sort()).toEqual(
      [
        'islands-import-only-form-contracts-and-views: islands/Widget.island.ts → server/secret.server.ts',
        'views-import-only-form-and-contracts: views/ReadOnlyView.ts → islands/Widget.island.ts',
        'server-imports-no-pages: server/routes.server.ts → pages/Page.ts',
        'form-imports-only-itself: form/definition.ts → contracts/routes.ts',
        'contracts-import-only-form: contracts/session.ts → server/secret.server.ts',
        'db-imports-only-form-and-contracts: db/repos/users.server.ts → islands/Widget.island.ts',
        'platform-imports-only-db-form-and-contracts: platform/jobs/queues.ts → server/secret.server.ts',
        'domain-imports-only-platform-db-form-and-contracts: domain/reading/op.server.ts → pages/Page.ts',
        'domain-imports-only-platform-db-form-and-contracts: domain/reading/op.server.ts → server/secret.server.ts',
        'domain-imports-only-platform-db-form-and-contracts: domain/reading/op.server.ts → workers/jobs/job.server.ts',
        'server-reaches-workers-only-to-start-them: server/routes.server.ts → workers/jobs/job.server.ts',
        'workers-import-no-http-side: workers/jobs/job.server.ts → pages/Page.ts',
        'workers-import-no-http-side: workers/jobs/job.server.ts → server/secret.server.ts',
        'pages-import-server-only-from-hooks: pages/Page.ts → server/secret.server.ts',
      ].sort(),
    );
    // Every rule is proved able to fail.
    expect(new Set(found.map((line) => line.split(':')[0]))).toEqual(new Set(rules));
    // A circle between folders (server/ → pages/ → server/ here) is named by each import that closes it, and an
    // import between folders that no circle passes through (domain/ → server/: nothing reaches domain/) is not.
    expect(all).toEqual(
      expect.arrayContaining([
        'no-folder-cycle: server/routes.server.ts → pages/Page.ts',
        'no-folder-cycle: pages/Page.ts → server/secret.server.ts',
      ]),
    );
    expect(all).not.toContain('no-folder-cycle: domain/reading/op.server.ts → server/secret.server.ts');
  });
});
