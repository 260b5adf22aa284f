#!/usr/bin/env node
// `npm run build`: the whole production build, once, into dist/ (docs/decisions/0260-one-build.md).
//   dist/client, dist/server  vite build: the browser's assets and vike's server entry (pages)
//   dist/node                 esbuild: the server, the worker, the operator commands and the isolated
//                             conversion and merge processes, as plain ESM that `node` runs
// Nothing here runs in production: `npm start` and the other commands run node on dist/node.
//
//   node scripts/build.mjs              build
//   node scripts/build.mjs --if-stale   build unless dist/ was built from these very sources (npm test)
//   node scripts/build.mjs --if-missing build unless a build exists (npm start on a fresh clone)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const out = join(dist, 'node');
const stamp = join(dist, 'source-hash');
const mode = process.argv[2];
/** Before an operator's command (--if-missing), whatever the build says goes to stderr: stdout is the command's. */
const log = mode === '--if-missing' ? console.error : console.log;

/** The operator's commands and the processes they start, by the name of their built file. */
const SERVER_ENTRIES = {
  start: 'server/start.server.ts',
  worker: 'server/worker.server.ts',
  migrate: 'server/cli/migrate.server.ts',
  'service-link': 'server/cli/service-link.server.ts',
  'prefill-link': 'server/cli/prefill-link.server.ts',
  'staff-link': 'server/cli/staff-link.server.ts',
  'integration-client': 'server/cli/integration-client.server.ts',
  'lookup-import': 'server/cli/lookup-import.server.ts',
  backup: 'server/cli/backup.server.ts',
  restore: 'server/cli/restore.server.ts',
};
/** Started once per upload or kept warm for merges: one self-contained file each, so a start reads one file. */
const CHILD_ENTRIES = {
  'convert-child': 'workers/convert/convert-child.server.ts',
  'merge-child': 'workers/pdf/merge-child.server.ts',
};
/**
 * Files the code finds beside its own module (new URL('./…', import.meta.url)): every built module sits
 * directly in dist/node, so they are copied there.
 */
const ASSETS = [
  'server/auth/common-passwords.txt',
  'workers/convert/process-guard.mjs',
  'db/seeds/lookup/schools_hs.csv',
  'db/seeds/lookup/schools_college.csv',
  'db/seeds/lookup/addresses.csv',
];
/** What the build reads: a change to any of these makes dist/ stale. */
const SOURCES = [
  'platform',
  'domain',
  'server',
  'workers',
  'db',
  'form',
  'contracts',
  'islands',
  'views',
  'pages',
  'public',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/build.mjs',
];

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => filesUnder(join(root, s)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function viteBuild() {
  // The `vite` command as npm installs it: vike recognises a vite CLI run by that name (and refuses options
  // it does not know when the script is called bin/vite.js). A process of its own: once vite and vike's plugin
  // are loaded in a process, vike's runtime there believes it is in development (issue 13, item 7).
  const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), '..', '.bin', 'vite');
  const run = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', mode === '--if-missing' ? 2 : 1, 2],
  });
  if (run.status !== 0) throw new Error(`vite build failed (${run.signal ?? `exit code ${run.status}`})`);
}

/**
 * Packages stay in node_modules (`npm ci --omit=dev` installs them), so the server's vike, React and database
 * drivers are the very ones vike's server entry (dist/server) uses. A package's JSON file (country names) is
 * bundled instead: esbuild would drop the import attribute (`with { type: 'json' }`) node requires of it.
 */
const packagesExternal = {
  name: 'packages-external',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.endsWith('.json') ? undefined : { path, external: true }));
  },
};

/** Text assets the server answers precompressed (server/static-assets.server.ts). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json']);

/**
 * Every compressible asset of the browser's build, compressed once here at the strongest levels, beside itself
 * (`<file>.br`, `<file>.gz`): the assets are hashed and immutable, so brotli at quality 11 (0.55 s of CPU for
 * React's chunk, which the per-request compressor spent on every download) is paid once.
 */
function precompressAssets() {
  for (const file of filesUnder(join(dist, 'client', 'assets'))) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const source = readFileSync(file);
    const brotliParams = {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
    };
    writeFileSync(`${file}.br`, brotliCompressSync(source, { params: brotliParams }));
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
  }
}

async function nodeBuild() {
  const { build } = await import('esbuild');
  rmSync(out, { recursive: true, force: true });
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: out,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    jsx: 'automatic',
    absWorkingDir: root,
  };
  await build({
    ...common,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, join(root, file)])),
    plugins: [packagesExternal],
    // Shared code in chunks beside the entries, and dynamic imports kept: start.server.ts loads React only
    // after it has set the libraries' mode.
    splitting: true,
    chunkNames: 'chunk-[hash]',
  });
  await build({
    ...common,
    entryPoints: Object.fromEntries(Object.entries(CHILD_ENTRIES).map(([name, file]) => [name, join(root, file)])),
    // Bundled CommonJS packages (yauzl) require Node's built-ins.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
  });
  for (const asset of ASSETS) copyFileSync(join(root, asset), join(out, asset.split('/').pop()));
}

export async function buildAll() {
  const hash = sourceHash();
  rmSync(stamp, { force: true });
  viteBuild();
  precompressAssets();
  await nodeBuild();
  mkdirSync(dist, { recursive: true });
  writeFileSync(stamp, `${hash}\n`);
}

/** Whether dist/ holds a complete build (its stamp is written last). */
export function built() {
  return existsSync(stamp) && Object.keys({ ...SERVER_ENTRIES, ...CHILD_ENTRIES }).every((name) => existsSync(join(out, `${name}.mjs`)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (mode === '--if-missing' && built()) process.exit(0);
  if (mode === '--if-stale' && built() && readFileSync(stamp, 'utf8').trim() === sourceHash()) {
    log('build: dist/ is up to date with the sources');
    process.exit(0);
  }
  if (mode === '--if-missing') log('no production build found: building it once (npm run build)');
  const started = Date.now();
  try {
    await buildAll();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  log(`build: dist/ built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
