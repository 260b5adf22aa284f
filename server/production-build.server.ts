import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** vike finds the production build through this file. */
export const SERVER_ENTRY = join(process.cwd(), 'dist', 'server', 'entry.mjs');

/**
 * Loads vike's server entry from the production build (`npm run build`, scripts/build.mjs). Nothing is built
 * here: the build tools are devDependencies, and `npm start` builds a fresh clone before it starts the server.
 */
export async function loadProductionBuild(): Promise<void> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`No production build (${SERVER_ENTRY}): run \`npm run build\` first.`);
  await import(SERVER_ENTRY);
}
