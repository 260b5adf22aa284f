/**
 * A small per-process LRU of lookup answers.
 *
 * Autocomplete traffic has a heavy head: every applicant types "a", "al", "alt"… and most search
 * for the same few thousand schools, so the same queries recur constantly. The data is public and
 * changes only on import, and browsers may already keep an answer for an hour (Cache-Control), so a
 * few minutes of staleness in a second process after an import is within what we promise. An import
 * through this server clears it at once. Bounded by entry count; nothing here is needed by another
 * process (DESIGN §1).
 */
export class LookupCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, value: V, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
