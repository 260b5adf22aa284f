import type { Request } from 'express';

/**
 * The first of `ours`, in our order of preference, whose encoding the request accepts. Negotiation alone would follow
 * the header's order (browsers list gzip before br). Pages (page-encoding.server.ts) and the build's assets
 * (static-assets.server.ts) choose alike.
 */
export function firstAccepted<T extends { encoding: string }>(req: Request, ours: readonly T[]): T | undefined {
  return ours.find((candidate) => req.acceptsEncodings(candidate.encoding) === candidate.encoding);
}
