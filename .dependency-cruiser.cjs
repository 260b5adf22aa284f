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
    importsOnly(
      'form-imports-only-itself',
      'form/ is THE definition of the application: it depends on nothing else of the project.',
      'form',
      [],
    ),
    importsOnly(
      'contracts-import-only-form',
      'contracts/ is what browser and server agree on: it may build on form/, nothing else of the project.',
      'contracts',
      ['form'],
    ),
    importsOnly(
      'db-imports-only-form-and-contracts',
      'The database layer serves every process; it never depends on platform/, domain/, server/, workers/, islands/ or pages/.',
      'db',
      ['form', 'contracts'],
    ),
    importsOnly(
      'platform-imports-only-db-form-and-contracts',
      'platform/ is what the web server and the worker both run on (configuration, logging, storage, mail, tokens, metrics and tracing, the job queue): it imports no HTTP side and none of the operations built on it.',
      'platform',
      ['db', 'form', 'contracts'],
    ),
    importsOnly(
      'domain-imports-only-platform-db-form-and-contracts',
      "domain/ holds the application's operations that both processes run (checklist, counselor requests, decisions, receipts, erasure, reading): on platform/ and db/, never server/ (routes, pages) or workers/ (job handlers).",
      'domain',
      ['platform', 'db', 'form', 'contracts'],
    ),
    importsOnly(
      'workers-import-no-http-side',
      'Job handlers run in the worker process without the web server: they use platform/, domain/ and db/, never server/, pages/, islands/ or views/ (the PDF renderer loads pages over HTTP).',
      'workers',
      ['platform', 'domain', 'db', 'form', 'contracts'],
    ),
    reachesOnlyThrough(
      'server-reaches-workers-only-to-start-them',
      'The web side enqueues through platform/jobs/; the only module of workers/ it imports is register.server.ts, which boot calls to start the handlers in the web process (WORKER=inline).',
      'server',
      'workers',
      'register\\.server\\.ts',
    ),
    {
      name: 'server-imports-no-pages',
      comment:
        'server/ renders pages through vike only (server/render.server.ts); pages/ import server/ from their hooks, never the other way.',
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
