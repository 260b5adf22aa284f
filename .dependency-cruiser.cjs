/**
 * The folder import rules of DESIGN §2, one rule per boundary (docs/decisions/0070-contracts-folder.md).
 * Checked in `npm test` by test/unit/import-boundaries.test.ts, which runs these same rules over the
 * project and over test/fixtures/import-boundaries/ (a tree that breaks every rule on purpose).
 * Only the project's own (relative) imports count: libraries and node's own modules are left to the
 * bundler and the `*.server.ts` rule of vite.config.ts.
 */

/** Files under `folder` may import only themselves and the `allowed` folders of the project. */
function importsOnly(name, comment, folder, allowed) {
  const within = [folder, ...allowed].join('|');
  return { name, comment, severity: 'error', from: { path: `^${folder}/` }, to: { dependencyTypes: ['local'], pathNot: `^(${within})/` } };
}

/** Files under `from` may reach into `into` only through the files matched by `through`. */
function reachesOnlyThrough(name, comment, from, into, through) {
  return { name, comment, severity: 'error', from: { path: `^${from}/` }, to: { path: `^${into}/`, pathNot: `^${into}/(${through})$` } };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    importsOnly(
      'islands-import-only-form-contracts-and-views',
      'Islands run in the browser: they import form/, contracts/, views/ and each other, never server/, db/, workers/ or pages/.',
      'islands',
      ['form', 'contracts', 'views'],
    ),
    importsOnly(
      'views-import-only-form-and-contracts',
      'views/ renders an application read-only (form, review, print) for islands, pages and server alike: it builds on form/ and contracts/ only, so no interactive or server code changes what it prints.',
      'views',
      ['form', 'contracts'],
    ),
    importsOnly('form-imports-only-itself', 'form/ is THE definition of the application: it depends on nothing else of the project.', 'form', []),
    importsOnly('contracts-import-only-form', 'contracts/ is what browser and server agree on: it may build on form/, nothing else of the project.', 'contracts', ['form']),
    importsOnly(
      'db-imports-only-form-and-contracts',
      'The database layer serves server/ and workers/; it never depends on islands/, pages/, server/ or workers/.',
      'db',
      ['form', 'contracts'],
    ),
    reachesOnlyThrough(
      'server-reaches-workers-only-through-queues',
      "The web side enqueues through platform/jobs/queues.ts (names, payloads, options) and boss.server.ts; boot starts the handlers through register.server.ts. Job handlers are the workers' own.",
      'server',
      'workers',
      'queues\\.ts|boss\\.server\\.ts|register\\.server\\.ts',
    ),
    reachesOnlyThrough(
      'workers-use-only-shared-server-modules',
      'Job handlers use the validated config, the logger, the object store, the mailer, the signing modules, the metrics and tracing hooks, the after-submission checklist rules and the account erasure (which the web side applies too) of server/, never its routes, boot, services or auth.',
      'workers',
      'server',
      'config\\.server\\.ts|logger\\.server\\.ts|(storage|mail|security|observability)/[^/]+\\.ts|after-submission/(checklist\\.server|decisions\\.server|university-time)\\.ts|account/erase\\.server\\.ts',
    ),
    reachesOnlyThrough(
      'domain-reaches-server-only-for-types-and-the-release-path',
      "domain/ (the office's operations) uses the server's services and config as types, and releases through the one locked release path of after-submission; never routes, pages or views.",
      'domain',
      'server',
      'app-services\\.server\\.ts|config(-reading)?\\.server\\.ts|after-submission/(checklist|decisions)\\.server\\.ts',
    ),
    reachesOnlyThrough('domain-reaches-workers-only-through-queues', 'domain/ enqueues jobs through platform/jobs/queues.ts and boss.server.ts only.', 'domain', 'workers', 'queues\\.ts|boss\\.server\\.ts'),
    {
      name: 'domain-imports-no-pages-or-islands',
      comment: 'domain/ is server-side logic: no pages/ or islands/.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(pages|islands)/' },
    },
    {
      name: 'workers-import-no-pages-or-islands',
      comment: 'Workers never render through the HTTP side: no pages/ or islands/ (the PDF renderer loads pages over HTTP).',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^(pages|islands)/' },
    },
    {
      name: 'server-imports-no-pages',
      comment: 'server/ renders its own HTML (staff desk, error pages) from views/; pages/ are vike routes, rendered through vike only.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^pages/' },
    },
    {
      name: 'pages-import-server-only-from-hooks',
      comment: 'pages/ renders components: only its +data and +guard hooks (server-only in vike) may import *.server.ts modules.',
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
