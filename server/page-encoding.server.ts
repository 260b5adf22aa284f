import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { firstAccepted } from './accepted-encoding.server.js';

// What the compression middleware leaves alone too (server/app.server.ts).
const THRESHOLD_BYTES = 1024;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP = { level: 1 };
const ENCODINGS = [{ encoding: 'br' }, { encoding: 'gzip' }] as const;

/**
 * A page's body as it goes on the wire: compressed here, at once, on this thread. The compression middleware
 * would hand a 40 KB page to the thread pool in a stream, two trips a page, each waking a pool thread and then
 * the event loop (in a VM each wake-up is a hypervisor exit): 0.2–0.3 ms more CPU a page than the compressing
 * itself. Brotli at quality 1 where the request takes it (half gzip level 1's CPU on a form page, the same
 * size), gzip level 1 otherwise (accepted-encoding.server.ts). Sets Vary, and Content-Encoding when it compressed.
 */
export function encodePageBody(req: Request, res: Response, body: string): string | Buffer {
  res.vary('Accept-Encoding');
  if (req.method === 'HEAD' || body.length < THRESHOLD_BYTES) return body;
  const encoding = firstAccepted(req, ENCODINGS)?.encoding;
  if (!encoding) return body;
  res.setHeader('Content-Encoding', encoding);
  return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP);
}
