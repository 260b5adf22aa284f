import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/** argon2id (Algorithm.Argon2id = 2; a const enum, not importable under isolatedModules) at the OWASP minimum cost: 19 MiB, 2 passes. */
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashes computed at once in this process; the others wait their turn, first come first served. Each is
 * tens of milliseconds of a core on libuv's thread pool (four threads, shared with gzip and file reads): a login
 * burst left unchecked filled the pool and both cores, and every other request waited behind it. Half the cores
 * (at least one) go to passwords; the rest stay with pages and saves (docs/performance.md, "Logins at the peak").
 */
export const PASSWORD_HASHES_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));
const oneAtATime = pLimit(PASSWORD_HASHES_AT_ONCE);

/**
 * How many checks may wait before a new sign-in, sign-up or password reset is turned away with a message instead of
 * queued (PASSWORD_CHECKS_WAITING_MAX, `admitPasswordCheck` in password-line.server.ts): by default about ten seconds at the
 * back of the line here (a check takes some 40 ms of a core), past which a browser or a proxy would give up first
 * and say nothing the applicant can use.
 */
export const DEFAULT_PASSWORD_CHECKS_WAITING_MAX = 250 * PASSWORD_HASHES_AT_ONCE;

/** Hashes and verifications waiting for their turn now (a burst of logins shows here first). */
export function passwordChecksWaiting(): number {
  return oneAtATime.pendingCount;
}

/** True when `max` checks (0: the default) already wait: a new one would wait longer than anyone should. */
export function passwordChecksFull(max: number): boolean {
  return passwordChecksWaiting() >= (max || DEFAULT_PASSWORD_CHECKS_WAITING_MAX);
}

export function hashPassword(password: string): Promise<string> {
  return oneAtATime(() => hash(password, ARGON2));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATime(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against a throwaway hash: requests for unknown accounts then cost the same argon2 time as
 * real ones, so response timing does not reveal whether an address is registered.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0123456789');
  await verifyPassword(await dummyHash, password);
}

// See common-passwords.md for the list's source.
const COMMON = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

const LOOK_ALIKES: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

/** The password without decoration: lower-cased, leading/trailing digits and symbols removed. */
function core(password: string): string {
  return password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

function undoLookAlikes(value: string): string {
  return [...value].map((c) => LOOK_ALIKES[c] ?? c).join('');
}

/** True when the password is, or merely decorates, one of the most common passwords. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const stripped = core(password);
  const candidates = [lower, undoLookAlikes(lower), stripped, undoLookAlikes(stripped)];
  return candidates.some((c) => c.length >= 4 && COMMON.has(c));
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Please choose a different one.';
