import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';

/**
 * A request from this machine itself, judged by the TCP peer and never by X-Forwarded-For (which a proxy we
 * trust may have filled with anything a visitor sent).
 */
export function fromLoopback(remoteAddress: string | undefined): boolean {
  if (!remoteAddress) return false;
  const address = remoteAddress.toLowerCase().startsWith('::ffff:') ? remoteAddress.slice(7) : remoteAddress;
  return address === '::1' || /^127\./.test(address);
}

/** Headers some proxy or CDN adds when it relays a request (besides every X-Forwarded-*). */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'x-client-ip',
  'client-ip',
  'x-cluster-client-ip',
  'fastly-client-ip',
]);

/** Any sign that a proxy relayed the request (issue 35 finding 11: any one of them, not five named ones). */
export function hasForwardingHeader(headers: IncomingHttpHeaders): boolean {
  return Object.keys(headers).some((name) => name.startsWith('x-forwarded-') || FORWARDING_HEADERS.has(name));
}

/**
 * An operator on this machine calling directly: a loopback peer, and no sign of a proxy in between (a proxy on
 * the same machine also connects from loopback, on behalf of anyone on the network). A plain `proxy_pass` may add
 * no header at all: behind one, METRICS_TOKEN is what keeps /metrics private (docs/operations.md). The one judgement
 * for /readyz's details, /metrics and the route map's `loopback` guard.
 */
export function directFromLoopback(req: Request): boolean {
  return fromLoopback(req.socket.remoteAddress) && !hasForwardingHeader(req.headers);
}
