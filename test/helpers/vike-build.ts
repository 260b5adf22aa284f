import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

/** Page rendering in-process needs the production build (test/run-all.mjs builds it first, scripts/build.mjs). */
export async function loadVikeBuild(): Promise<void> {
  const entry = join(ROOT, 'dist', 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error('No build: run `npm run build` (npm test does it first).');
  await import(entry);
}
