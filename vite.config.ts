import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig, type Plugin } from 'vite';
import { REACT_CHUNK_MANIFEST } from './server/react-chunk.server.js';

/** Server-only modules (*.server.ts) must never reach the browser: fail the client build if one is imported. */
function forbidServerModulesInClient(): Plugin {
  return {
    name: 'forbid-server-modules-in-client',
    enforce: 'pre',
    resolveId(source, importer, options) {
      // The dependency scan also reads server-only hooks such as pages/+guard.ts; only real client builds count.
      if (options?.ssr || (options as { scan?: boolean } | undefined)?.scan) return null;
      if (/\.server(\.[tj]sx?)?$/.test(source.replace(/\?.*$/, ''))) {
        this.error(`${source} is server-only (*.server.ts) but is imported by client code in ${importer}`);
      }
      return null;
    },
  };
}

/**
 * The form's Spanish (its `…Es` siblings: labels, hints, options) stays out of the browser's build: an English page
 * carries none of it, and a Spanish page gets it as data with the page (pages/+onRenderHtml.tsx, docs/i18n.md). Only
 * string literals are removed; a sibling computed in code stays (a few, small). The server's build keeps them all.
 */
const SPANISH_SIBLING = /\b[a-z]\w*Es:\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*,?/g;
function stripSpanishFromClient(): Plugin {
  return {
    name: 'strip-spanish-from-client',
    transform(code, id) {
      if (this.environment?.config.consumer !== 'client' || !/[\\/]form[\\/].*\.ts$/.test(id)) return null;
      return code.includes('Es:') ? { code: stripComputedSiblings(code.replace(SPANISH_SIBLING, '')), map: null } : null;
    },
  };
}

/**
 * The `…Es` siblings computed in code (`labelEs: ADDRESS_LABELS_ES.city`, `` legendEs: `Dirección de ${whoEs}` ``, a
 * ternary of two texts, `labelEs: MONTH_NAMES_ES[i]`): the browser localizes from the page's table as for the literal
 * ones (form/i18n/localize.ts; the table is built from the server's definition, which keeps them), and the Spanish
 * constants they name then drop out of the build (about 0.3 KB brotli). A sibling that is a function
 * (`instanceTitleEs`) stays.
 */
const COMPUTED_SIBLING = /\b[a-z]\w*Es:\s*/g;
function stripComputedSiblings(code: string): string {
  let out = '';
  let from = 0;
  for (const match of code.matchAll(COMPUTED_SIBLING)) {
    const start = match.index;
    if (start < from) continue;
    let i = start + match[0].length;
    if (code[i] === '(' || code.startsWith('function', i) || code.startsWith('async', i)) continue;
    let depth = 0;
    let quote = '';
    for (; i < code.length; i += 1) {
      const c = code[i]!;
      if (quote) {
        if (c === '\\') i += 1;
        else if (c === quote) quote = '';
        else if (quote === '`' && c === '$' && code[i + 1] === '{') {
          // A placeholder of a template: its expression is scanned as code.
          let inner = 0;
          for (i += 2; i < code.length && !(code[i] === '}' && inner === 0); i += 1) {
            if (code[i] === '{') inner += 1;
            else if (code[i] === '}') inner -= 1;
          }
        }
        continue;
      }
      if (c === "'" || c === '"' || c === '`') quote = c;
      else if (c === '(' || c === '[' || c === '{') depth += 1;
      else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth -= 1;
      else if (depth === 0 && (c === ',' || c === '}' || c === ')' || c === ';' || c === '\n')) break;
    }
    const value = code.slice(start + match[0].length, i);
    if (/=>|\bfunction\b/.test(value) || value.trim() === '') continue;
    out += code.slice(from, start);
    from = code[i] === ',' ? i + 1 : i;
  }
  return out + code.slice(from);
}

/**
 * i18n-iso-countries' English names list several names for some countries ("United States of America", "USA", …);
 * form/data/countries.ts shows the first (or its own preferred one). The browser's copy keeps only the first: about
 * 0.2 KB brotli less in the form island's chunk, the same list.
 */
function firstCountryNamesInClient(): Plugin {
  return {
    name: 'first-country-names-in-client',
    enforce: 'pre',
    transform(code, id) {
      if (this.environment?.config.consumer !== 'client' || !/i18n-iso-countries[\\/]langs[\\/]en\.json$/.test(id)) return null;
      const data = JSON.parse(code) as { locale: string; countries: Record<string, string | string[]> };
      const countries = Object.fromEntries(
        Object.entries(data.countries).map(([code, names]) => [code, typeof names === 'string' ? names : names[0]]),
      );
      return { code: JSON.stringify({ ...data, countries }), map: null };
    },
  };
}

/** vike adds an unnamed group (its CSS workaround) to ours; named, rolldown does not warn about it on every build. */
function nameChunkGroups(): Plugin {
  return {
    name: 'name-chunk-groups',
    outputOptions(options) {
      const groups =
        (options as { codeSplitting?: { groups?: Array<{ name?: unknown; debugName?: string }> } }).codeSplitting?.groups ?? [];
      groups.forEach((group, i) => {
        if (typeof group.name === 'function' && !group.debugName) group.debugName = `group-${i}`;
      });
      return null;
    },
  };
}

/**
 * Vite wraps every dynamic import in a preload helper (about 0.6 KB gzip in every page's runtime chunk) that,
 * with modulePreload off, only still loads a lazy chunk's CSS. No client chunk imports CSS (styles.css is the
 * server's), so the helper just calls the import; the build fails if a lazy chunk ever gets CSS dependencies
 * (Vite then passes their list, __vite__mapDeps), rather than dropping them silently.
 */
function plainDynamicImports(): Plugin {
  const helperId = '\0vite/preload-helper.js';
  return {
    name: 'plain-dynamic-imports',
    enforce: 'pre',
    load(id, options) {
      if (id !== helperId || options?.ssr) return null;
      return 'export const __vitePreload = (load) => load();';
    },
    generateBundle(_options, bundle) {
      if (this.environment?.config.consumer !== 'client') return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.code.includes('__vite__mapDeps')) {
          this.error(`${chunk.fileName}: a lazily loaded chunk has CSS dependencies, which plainDynamicImports does not load`);
        }
      }
    },
  };
}

/**
 * V8's explicit compile hint on React's chunk: with `//# allFunctionsCalledOnLoad` as its first line Chromium
 * (136+) compiles every function of the file eagerly, off the main thread while it streams in, instead of lazily on
 * the main thread the first time each runs: a trace showed react-dom's lazy compilation (11–45 ms at 4× CPU
 * slowdown) inside the one long task that follows a tap at load. Only React's chunk: nearly all of it runs at hydration.
 */
function reactCompileHint(): Plugin {
  return {
    name: 'react-compile-hint',
    generateBundle(_options, bundle) {
      if (this.environment?.config.consumer !== 'client') return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => id.includes('/node_modules/react-dom/'))) {
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          // Its name for the server, which preloads it on the pages that hydrate an island at load (server/react-chunk.server.ts).
          this.emitFile({ type: 'asset', fileName: REACT_CHUNK_MANIFEST, source: JSON.stringify({ file: chunk.fileName }) });
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [
    forbidServerModulesInClient(),
    stripSpanishFromClient(),
    firstCountryNamesInClient(),
    plainDynamicImports(),
    react(),
    vike(),
    nameChunkGroups(),
    reactCompileHint(),
  ],
  // No modulepreload helper: it appended a <link rel=modulepreload> per dependency of every lazy island chunk, and
  // on a form page that took 20+ ms of the main thread (80+ at 4× CPU slowdown) right when hydration started, and
  // its dependency lists were 0.5 KB gzip on every page with islands. Chunks are at most two imports deep, and
  // islands load in idle time after the page has loaded.
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: false,
    rolldownOptions: {
      output: {
        // As few responses as a page can do with: each costs its headers (0.35 KB here, counted by Lighthouse) and
        // repeats its imports and exports. A form page loads the client entry, the 'client' chunk and the bundler's
        // runtime helpers before its load event, then React's and the form island's (with the form's checks: 1.2 KB
        // brotli, less than a response of their own cost); /login the same up to React's, then the auth cards'.
        codeSplitting: {
          groups: [
            // The client entry's code with the preload helper (which the islands' chunks import, and which is
            // otherwise a response of its own before the load event). Nothing here may import React (it would then
            // load before the load event). The bundler's runtime helpers stay a chunk of their own whatever a group
            // says (0.7 KB).
            { name: 'client', test: /vite[\\/]preload-helper\.js$|islands[\\/]hydrate\.ts$/, priority: 3 },
            // React (with react-dom and the scheduler), what every island loads with it, and the few small modules
            // the islands share (each was a response of 0.2–0.5 KB): a page that loads React loads these anyway, or
            // for about 1 KB more (the e-mail address check is the form's and the auth cards' lazy rules').
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|islands[\\/](ui[\\/](IslandBoundary|api)|lifecycle[\\/](unsaved|page-change))\.tsx?$|contracts[\\/](messages|statuses|form-post|routes|page-change)\.ts$|form[\\/]email-address\.ts$/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // The auth cards (one island per card, a few lines each) with the code they share: one response, not two.
            // Not the logout form, which the account popover of the form pages also loads.
            {
              name: 'auth',
              test: /islands[\\/](AuthCard\w+\.island\.tsx|auth[\\/](?!LogoutForm).*)$|contracts[\\/](password-rules|auth-cards)\.ts$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  ssr: { external: ['@electric-sql/pglite', 'knex', 'knex-pglite', 'pg', 'pg-boss', '@node-rs/argon2'] },
});
