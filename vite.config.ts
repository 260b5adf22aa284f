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
  build: { target: 'es2022', sourcemap: false },
  ssr: { external: ['@electric-sql/pglite', 'knex', 'knex-pglite', 'pg', 'pg-boss', '@node-rs/argon2'] },
});
