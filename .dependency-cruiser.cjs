/**
 * The folder import rules of DESIGN §2, one rule per boundary (docs/decisions/0070-contracts-folder.md).
 * Checked in `npm test` by test/unit/import-boundaries.test.ts, which runs these same rules over the
 * project and over test/fixtures/import-boundaries/ (a tree that breaks every rule on purpose).
 * Only the project's own (relative) imports count: libraries and node's own modules are left to the
 * bundler and the `*.server.ts` rule of vite.config.ts.
 */
const project = { dependencyTypes: ['local'] };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'islands-import-only-form-and-contracts',
      comment: 'Islands run in the browser: they import form/, contracts/ and each other, never server/, db/, workers/ or pages/.',
      severity: 'error',
      from: { path: '^islands/' },
      to: { ...project, pathNot: '^(islands|form|contracts)/' },
    },
    {
      name: 'form-imports-only-itself',
      comment: 'form/ is THE definition of the application: it depends on nothing else of the project.',
      severity: 'error',
      from: { path: '^form/' },
      to: { ...project, pathNot: '^form/' },
    },
    {
      name: 'contracts-import-only-form',
      comment: 'contracts/ is what browser and server agree on: it may build on form/, nothing else of the project.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { ...project, pathNot: '^(contracts|form)/' },
    },
    {
      name: 'db-imports-only-form-and-contracts',
      comment: 'The database layer serves server/ and workers/; it never depends on islands/, pages/, server/ or workers/.',
      severity: 'error',
      from: { path: '^db/' },
      to: { ...project, pathNot: '^(db|form|contracts)/' },
    },
    {
      name: 'server-reaches-workers-only-through-queues',
      comment:
        'The web side enqueues through workers/queues.ts (names, payloads, options) and workers/boss.server.ts; boot starts the handlers through workers/register.server.ts. Job handlers are the workers\' own.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^workers/', pathNot: '^workers/(queues\\.ts|boss\\.server\\.ts|register\\.server\\.ts)$' },
    },
    {
      name: 'workers-use-only-shared-server-modules',
      comment:
        'Job handlers use the validated config, the logger, the object store and the signed-token module of server/, never its routes, boot, services or auth.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^server/', pathNot: '^server/(config\\.server\\.ts|logger\\.server\\.ts|storage/[^/]+\\.ts|security/[^/]+\\.ts)$' },
    },
    {
      name: 'workers-import-no-pages-or-islands',
      comment: 'Workers never render through the HTTP side: no pages/ or islands/ (they load pages over HTTP instead).',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^(pages|islands)/' },
    },
    {
      name: 'pages-import-server-only-from-hooks',
      comment: 'pages/ renders on both sides: only its +data and +guard hooks (server-only by vike) may import *.server.ts modules.',
      severity: 'error',
      from: { path: '^pages/', pathNot: '/\\+(data|guard)\\.ts$' },
      to: { path: '\\.server\\.tsx?$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
  },
};
