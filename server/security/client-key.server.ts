import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!isIPv6(text)) return null;
  let dotted: number[] | null = null;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const [a, b, c, d] = text
      .slice(lastColon + 1)
      .split('.')
      .map(Number) as [number, number, number, number];
    dotted = [(a << 8) | b, (c << 8) | d];
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  if (dotted) groups.splice(6, 2, ...dotted);
  return groups;
}

/**
 * What a per-IP limit counts a client by: an IPv4 address as it is, an IPv4-mapped IPv6 address as its IPv4, and
 * any other IPv6 address by its /64 (issue 35 finding 10). One subscriber, home or phone, is handed a whole /64 and
 * may pick a new address in it for every request; counting addresses apart gave such a client unlimited allowances.
 */
export function rateLimitKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip.toLowerCase();
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The rate-limit key of a request's client (req.ip: the peer, or what a trusted proxy says it is). */
export const clientKey = (req: Request): string => rateLimitKey(req.ip);
