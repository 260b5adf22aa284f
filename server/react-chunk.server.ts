import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the client build names React's chunk (vite.config.ts, reactCompileHint), relative to dist/client. */
export const REACT_CHUNK_MANIFEST = '.vite/react-chunk.json';

/**
 * The URL of React's chunk in the client build, read once at start; null without a build (the dev server).
 * A page that hydrates an island at load names it in a modulepreload link (pages/+onRenderHtml.tsx): Chromium
 * then downloads and compiles React while the page loads, and a tap at the instant of load finds it ready instead
 * of waiting for it to be fetched, compiled and run in one long task (docs/decisions/0290-preload-react.md).
 */
export function readReactChunkHref(clientDir: string): string | null {
  try {
    const { file } = JSON.parse(readFileSync(join(clientDir, REACT_CHUNK_MANIFEST), 'utf8')) as { file?: unknown };
    return typeof file === 'string' && /^[\w/.-]+\.js$/.test(file) ? `/${file}` : null;
  } catch {
    return null;
  }
}
