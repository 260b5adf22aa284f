import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [forbidServerModulesInClient(), react(), vike()],
  // No modulepreload helper: it appended a <link rel=modulepreload> per dependency of every lazy island chunk, and
  // on a form page that took 20+ ms of the main thread (80+ at 4× CPU slowdown) right when hydration started;
  // the helper and its dependency lists were also 1.5 KB gzip on every page with islands. Chunks are at most
  // two imports deep, and islands load in idle time after the page has loaded.
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'islands-runtime', test: /islands[\\/](ui[\\/](IslandBoundary|api|toast-bus|navigation-state|style-nonce)|lifecycle[\\/]unsaved)|contracts[\\/]cookies/, priority: 1 },
          ],
        },
      },
    },
  },
  ssr: { external: ['@electric-sql/pglite', 'knex', 'knex-pglite', 'pg', 'pg-boss', '@node-rs/argon2'] },
});
