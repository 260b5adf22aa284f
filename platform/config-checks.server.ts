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
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrSubnet(e));
  if (entries.length === 0 || bad.length > 0) {
    return {
      problem: `must be a hop count or a list of addresses, subnets (CIDR), loopback, linklocal or uniquelocal; not ${bad.join(', ') || text}`,
    };
  }
  return { value: entries };
}

/** Placeholders seen in examples, and texts a person types instead of generating a secret. */
const KNOWN_PLACEHOLDERS = ['change-me-to-a-long-random-value-of-at-least-32-characters'];
const PLACEHOLDER_WORDS =
  /change[-_ .]?me|changeit|placeholder|replace[-_ .]?(me|this)|your[-_ .]?(session[-_ .]?)?secret|example|insecure|do[-_ .]?not[-_ .]?use/i;

/** The pattern test's floor (a second line of defence after the length and word tests; `openssl rand -base64 32` scores ~200). */
export const MIN_SECRET_BITS = 100;

/**
 * A rough upper bound on a string's entropy in bits: the smallest of several estimates, each blind to something
 * the others catch. The Shannon estimate from its own symbol counts catches few distinct characters; the deflated
 * size catches repeated patterns; the shortest period catches a block repeated (`abc123abc123…`, the hex alphabet
 * twice), scored as one block; the steps between neighbouring characters catch runs (`0123…`, `zyx…`, `aceg…`)
 * and keyboard walks, whose steps repeat even where the characters do not.
 */
export function estimatedBits(secret: string): number {
  const chars = [...secret];
  const period = shortestPeriod(chars);
  const block = period < chars.length ? chars.slice(0, period).join('') : secret;
  return Math.min(plainBits(block), nearPeriodBits(chars), stepBits(chars), keyboardBits(secret));
}

/**
 * A block repeated with a few characters changed (`password1password2…`): scored as the block plus ~6 bits for
 * each character that differs from the one a period earlier. Random text matches itself a period away about once
 * in 64 characters, far below the three in four asked here.
 */
function nearPeriodBits(chars: readonly string[]): number {
  let best = Infinity;
  for (let p = 2; p <= chars.length / 2; p += 1) {
    let same = 0;
    for (let i = p; i < chars.length; i += 1) if (chars[i]!.toLowerCase() === chars[i - p]!.toLowerCase()) same += 1;
    if (same >= 0.75 * (chars.length - p)) best = Math.min(best, plainBits(chars.slice(0, p).join('')) + (chars.length - p - same) * 6);
  }
  return best;
}

function plainBits(text: string): number {
  return Math.min(shannonBits([...text]), deflateRawSync(Buffer.from(text, 'utf8'), { level: 9 }).length * 8);
}

function shannonBits(symbols: readonly (string | number)[]): number {
  const counts = new Map<string | number, number>();
  for (const s of symbols) counts.set(s, (counts.get(s) ?? 0) + 1);
  let perSymbol = 0;
  for (const n of counts.values()) perSymbol -= (n / symbols.length) * Math.log2(n / symbols.length);
  return perSymbol * symbols.length;
}

/** The shortest p such that the text repeats every p characters (the whole length when it does not repeat). */
function shortestPeriod(chars: readonly string[]): number {
  for (let p = 1; p <= chars.length / 2; p += 1) {
    if (chars.every((c, i) => i < p || c === chars[i - p])) return p;
  }
  return chars.length;
}

/** The entropy of the differences between neighbouring code points: a run or a stepped sequence has one or two. */
function stepBits(chars: readonly string[]): number {
  const steps = chars.slice(1).map((c, i) => c.codePointAt(0)! - chars[i]!.codePointAt(0)!);
  return steps.length === 0 ? 0 : shannonBits(steps) + 8;
}

/** Keyboard rows and the alphabet in order: a secret made of long stretches of them is a walk, not a draw. */
const WALKS = ['`1234567890-=', 'qwertyuiop[]\\', "asdfghjkl;'", 'zxcvbnm,./', 'abcdefghijklmnopqrstuvwxyz'];

/** Scores stretches of three or more characters that follow a keyboard row or the alphabet (either way) as ~4 bits each. */
function keyboardBits(secret: string): number {
  const text = secret.toLowerCase();
  const next = new Map<string, Set<string>>();
  for (const row of WALKS) {
    for (let i = 0; i + 1 < row.length; i += 1) {
      next.set(row[i]!, (next.get(row[i]!) ?? new Set()).add(row[i + 1]!));
      next.set(row[i + 1]!, (next.get(row[i + 1]!) ?? new Set()).add(row[i]!));
    }
  }
  let bits = 0;
  let run = 1;
  const close = () => {
    bits += run >= 3 ? 4 : run * 6;
    run = 1;
  };
  for (let i = 1; i < text.length; i += 1) {
    if (next.get(text[i - 1]!)?.has(text[i]!)) run += 1;
    else close();
  }
  close();
  return bits;
}

/** Bits a production SESSION_SECRET must carry: HMAC-SHA256's key strength, so no offline guess beats the hash. */
export const SESSION_SECRET_BITS = 256;
/** The shortest acceptable secret: 43 base64 characters are 258 bits (`openssl rand -base64 32` gives 44). */
export const SESSION_SECRET_MIN_LENGTH = 43;
const HOW_TO_MAKE = 'generate one with `openssl rand -base64 48`';

/**
 * The most randomness a secret of this length can hold, judged by the alphabet it was drawn from: hex (16
 * symbols), base64 or base64url (64), anything else (94, printable ASCII). A generator's output uses its whole
 * alphabet; text a person made up is judged by the alphabet it looks like and by the word test below.
 */
export function alphabetBits(secret: string): number {
  const size = /^[0-9a-fA-F]+$/.test(secret)
    ? 16
    : /^[A-Za-z0-9+/]+={0,2}$/.test(secret) || /^[A-Za-z0-9_-]+={0,2}$/.test(secret)
      ? 64
      : 94;
  return Math.log2(size) * [...secret].length;
}

/**
 * Word-like: half or more of it is runs of five or more lowercase letters (`correcthorsebatterystaple…`), or it
 * is three or more pieces joined by '-', '_', ' ' or '.' each of which is a word or a number
 * (`please-change-this-session-secret-now`). Random base64 almost never has either: a run of five lowercase
 * letters starts at a given place about once in 90, and a piece of only (lowercase) letters is rarer still.
 */
export function wordLike(secret: string): boolean {
  const inRuns = (secret.match(/[a-z]{5,}/g) ?? []).reduce((n, run) => n + run.length, 0);
  if (inRuns * 2 >= secret.length) return true;
  const pieces = secret.split(/[-_ .]+/).filter(Boolean);
  return pieces.length >= 3 && pieces.every((piece) => /^([A-Za-z]?[a-z]+|[A-Z]+|\d+)$/.test(piece));
}

/**
 * Why a production SESSION_SECRET is unacceptable, or null. It keys every HMAC (session ids, flash cookies,
 * staff links), so a guessable one is an offline oracle: anyone holding a signed value can test guesses
 * without asking the server (issue 35 finding 12). It must plausibly carry SESSION_SECRET_BITS of randomness.
 */
export function sessionSecretProblem(secret: string): string | null {
  if (KNOWN_PLACEHOLDERS.includes(secret) || PLACEHOLDER_WORDS.test(secret)) {
    return `is a placeholder from an example; ${HOW_TO_MAKE}`;
  }
  if ([...secret].length < SESSION_SECRET_MIN_LENGTH || alphabetBits(secret) < SESSION_SECRET_BITS) {
    return `is too short to hold ${SESSION_SECRET_BITS} bits of randomness (at least ${SESSION_SECRET_MIN_LENGTH} base64 or 64 hex characters); ${HOW_TO_MAKE}`;
  }
  if (wordLike(secret)) return `is made of words, which are guessable; ${HOW_TO_MAKE}`;
  if (estimatedBits(secret) < MIN_SECRET_BITS) {
    return `has too little randomness (a sequence, a repeated pattern, a keyboard walk or few distinct characters); ${HOW_TO_MAKE}`;
  }
  return null;
}
