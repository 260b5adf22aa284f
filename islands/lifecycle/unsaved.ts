/**
 * Unsaved answers must never be lost to a logout (issue 5, beyond §4): whoever holds unsaved answers (the
 * form island) registers a flush here, and every logout the lifecycle islands perform awaits them first.
 */

/** Why answers are being flushed: the inactivity warning appeared, a logout is about to happen, or an island crashed. */
export type FlushReason = 'inactivity-warning' | 'inactivity-logout' | 'logout' | 'error';

/**
 * Saves whatever is unsaved; resolves when done (a no-op when nothing is unsaved). It should call the API
 * with `onUnauthorized: 'throw'`, so a session that ended meanwhile does not start a second redirect.
 */
export type Flush = (reason: FlushReason) => Promise<unknown> | unknown;

const flushes = new Set<Flush>();

/** Registers a flush; returns the function that unregisters it (call it on unmount). */
export function registerFlush(flush: Flush): () => void {
  flushes.add(flush);
  return () => {
    flushes.delete(flush);
  };
}

/** How long a logout waits for flushes before going ahead anyway (a hung request must not keep a session open). */
export const FLUSH_TIMEOUT_MS = 10_000;

/**
 * Runs every registered flush at once and waits for all of them (or the timeout). Never throws: a failed
 * save is reported by its owner; the result says whether every flush finished successfully.
 */
export async function flushAll(reason: FlushReason, timeoutMs = FLUSH_TIMEOUT_MS): Promise<{ ok: boolean }> {
  if (flushes.size === 0) return { ok: true };
  const runs = [...flushes].map(async (flush) => {
    await flush(reason);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = await Promise.race([Promise.allSettled(runs), timeout]);
  clearTimeout(timer);
  return { ok: outcome !== 'timeout' && outcome.every((r) => r.status === 'fulfilled') };
}

/** For tests: how many flushes are registered. */
export function registeredFlushCount(): number {
  return flushes.size;
}
