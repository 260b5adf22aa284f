import type { RequestHandler } from 'express';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { firstAccepted } from './accepted-encoding.server.js';

/** The copies scripts/build.mjs writes beside every compressible asset: `<file>.br` (quality 11), `<file>.gz` (level 9). */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

interface Variant {
  encoding: string;
  path: string;
  size: number;
}

/**
 * The build's hashed assets (dist/client/assets), answered from memory in the smallest encoding the request
 * accepts, compressed once at build time: brotli at quality 11, which the per-request compressor also used, cost
 * it 0.55 s of CPU for React's chunk on every download. A response carries only what an immutable file needs (no
 * ETag, Last-Modified or Accept-Ranges: a file cached "immutable" is never revalidated), since Lighthouse counts
 * every header byte of every script: about 0.35 KB a response, where the pages' headers made it 0.95 KB.
 * A file without both compressed copies (images, fonts, an older build) goes on to express.static. Not mounted
 * under the prefix (app.use(prefix, …) would leave req.url without it once answered): the request metrics label
 * the finished request by its path.
 */
export function precompressedAssets(dir: string, urlPrefix: string): RequestHandler {
  const assets = new Map<string, { type: string; variants: Variant[] }>();
  const walk = (path: string): string[] =>
    existsSync(path)
      ? readdirSync(path, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(path, e.name)) : [join(path, e.name)]))
      : [];
  const all = new Set(walk(dir));
  for (const file of all) {
    const type = TYPES[extname(file)];
    if (!type || !PRECOMPRESSED.every(({ suffix }) => all.has(file + suffix))) continue;
    const variants = [
      { encoding: 'identity', path: file },
      ...PRECOMPRESSED.map(({ encoding, suffix }) => ({ encoding, path: file + suffix })),
    ]
      .map((v) => ({ ...v, size: statSync(v.path).size }))
      // Smallest first: a file of a few dozen bytes is smaller as it is than compressed.
      .sort((a, b) => a.size - b.size);
    assets.set(`${urlPrefix}/${relative(dir, file).split(sep).join('/')}`, { type, variants });
  }
  const cache = new Map<string, Buffer>();
  const read = (path: string) => {
    let body = cache.get(path);
    if (!body) cache.set(path, (body = readFileSync(path)));
    return body;
  };
  return (req, res, next) => {
    const asset = req.method === 'GET' || req.method === 'HEAD' ? assets.get(req.path) : undefined;
    if (!asset) return next();
    const variant = firstAccepted(req, asset.variants) ?? asset.variants.find((v) => v.encoding === 'identity')!;
    const body = read(variant.path);
    // Only the headers a script or style sheet needs, set here before the request log and the pages' headers: CSP,
    // frame, referrer and opener policies and HSTS apply to documents, and a browser reads none of them on a
    // subresource. nosniff keeps a script a script; CORP keeps other sites from loading ours.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Vary', 'Accept-Encoding');
    if (variant.encoding !== 'identity') res.setHeader('Content-Encoding', variant.encoding);
    res.setHeader('Content-Length', body.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  };
}
