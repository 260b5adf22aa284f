import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** vike finds the production build through this file. */
export const SERVER_ENTRY = join(process.cwd(), 'dist', 'server', 'entry.mjs');

/**
 * Builds the client and server bundles when no build exists (a fresh clone's `npm start`), then loads
 * the server entry. vite's plain build() makes only the client environment; the builder makes every
 * environment vike declares, exactly as `vite build` does.
 */
export async function loadProductionBuild(onBuild?: () => void): Promise<void> {
  if (!existsSync(SERVER_ENTRY)) {
    onBuild?.();
    const { createBuilder } = await import('vite');
    const builder = await createBuilder({ logLevel: 'warn' });
    await builder.buildApp();
  }
  await import(SERVER_ENTRY);
}
