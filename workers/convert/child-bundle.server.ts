import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** Each module keeps its own import.meta.url (soffice's process guard is found next to its module). */
const ownUrls: Plugin = {
  name: 'own-import-meta-url',
  setup(plugin) {
    plugin.onLoad({ filter: /\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
      loader: 'ts',
    }));
  },
};

const bundles = new Map<string, string | null>();
let directory: string | null = null;

/**
 * The isolated processes' code as one plain JavaScript file. Started through tsx, a conversion process spent
 * about 0.45 s of CPU before it read its file (tsx's loader, then transforming and resolving some hundred
 * modules), paid once per upload; the same code bundled starts in about 0.15 s. Each script is bundled once
 * per process, in the background: until its bundle is ready (or if bundling fails) the script runs through
 * tsx as before. The bundles go to a private directory (mkdtemp, mode 0700) of this process.
 */
export function bundledScript(script: string): string | null {
  const ready = bundles.get(script);
  if (ready !== undefined) return ready;
  bundles.set(script, null);
  directory ??= mkdtempSync(join(tmpdir(), 'fa-isolated-'));
  const outfile = join(directory, `${basename(script).replace(/\.ts$/, '')}.mjs`);
  build({
    entryPoints: [script],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    plugins: [ownUrls],
    // Bundled CommonJS packages (yauzl) require Node's built-ins.
    banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
  }).then(
    () => bundles.set(script, outfile),
    () => undefined, // stays on tsx
  );
  return null;
}

/** A bundled process that could not even start: this script goes back to tsx for good (the next try is retried). */
export function bundleFailed(script: string): void {
  bundles.set(script, null);
}
