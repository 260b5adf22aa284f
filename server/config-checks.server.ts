import { isIP } from 'node:net';
import { deflateRawSync } from 'node:zlib';

/**
 * Checks of configuration values too involved for the joi schema in config.server.ts (which alone reads the
 * environment and calls these).
 */

/** Express's `trust proxy`: how many proxies in front, or which addresses/subnets are proxies. */
export type TrustProxy = number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrSubnet(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a hop count (`1` behind one load balancer), or a comma-separated list of proxy addresses and
 * subnets (`10.0.0.0/8, loopback`); unset means loopback only. `true`/`*` (believe any X-Forwarded-For) is
 * refused: anyone could then pick the address the per-IP limits see. Returns the value or a problem.
 */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { problem: string } {
  if (raw === undefined || raw.trim() === '') return { value: ['loopback'] };
  const text = raw.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { value: hops } : { problem: 'a hop count must be between 0 and 10' };
  }
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrSubnet(e));
  if (entries.length === 0 || bad.length > 0) {
    return { problem: `must be a hop count or a list of addresses, subnets (CIDR), loopback, linklocal or uniquelocal; not ${bad.join(', ') || text}` };
  }
  return { value: entries };
}

/** Placeholders seen in examples, and texts a person types instead of generating a secret. */
const KNOWN_PLACEHOLDERS = ['change-me-to-a-long-random-value-of-at-least-32-characters'];
const PLACEHOLDER_WORDS = /change[-_ .]?me|changeit|placeholder|replace[-_ .]?(me|this)|your[-_ .]?(session[-_ .]?)?secret|example|insecure|do[-_ .]?not[-_ .]?use/i;

/** Minimum estimated randomness of a production SESSION_SECRET (`openssl rand -base64 32` scores ~200, `-hex 16` ~110). */
export const MIN_SECRET_BITS = 100;

/**
 * A rough upper bound on a string's entropy in bits: the smaller of the Shannon estimate from its own symbol
 * counts (catches few distinct characters) and its deflated size (catches repeated patterns).
 */
export function estimatedBits(secret: string): number {
  return Math.min(shannonBits(secret), deflateRawSync(Buffer.from(secret, 'utf8'), { level: 9 }).length * 8);
}

function shannonBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const length = [...secret].length;
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / length) * Math.log2(n / length);
  return perChar * length;
}

/** Why a production SESSION_SECRET is unacceptable, or null. Anyone who reads a placeholder can mint staff links. */
export function sessionSecretProblem(secret: string): string | null {
  if (KNOWN_PLACEHOLDERS.includes(secret) || PLACEHOLDER_WORDS.test(secret)) {
    return 'is a placeholder from an example; generate one, e.g. `openssl rand -base64 48`';
  }
  if (estimatedBits(secret) < MIN_SECRET_BITS) {
    return 'has too little randomness (repeated or few distinct characters); generate one, e.g. `openssl rand -base64 48`';
  }
  return null;
}
