/**
 * A fixed-window request counter per client, kept in process memory.
 *
 * Why memory and not the database (as the account limits are): lookup data is public, so the limit
 * only protects CPU from one runaway client; it needs no precision across processes (with N web
 * processes a client gets at most N times the limit), and a database write per keystroke would cost
 * more than the search itself. Memory stays bounded: expired windows are swept, and when a flood of
 * distinct addresses still fills the table the oldest windows are dropped first.
 */
export class WindowRateLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxClients = 50_000,
  ) {}

  /** Counts one request; returns 0 if allowed, else the seconds until the client's window resets. */
  hit(client: string, now: number): number {
    let window = this.windows.get(client);
    if (!window || now - window.start >= this.windowMs) {
      if (!window && this.windows.size >= this.maxClients) this.sweep(now);
      window = { start: now, hits: 0 };
      this.windows.delete(client);
      this.windows.set(client, window);
    }
    window.hits++;
    if (window.hits <= this.limit) return 0;
    return Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    for (const [client, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(client);
    }
    // Map iteration is insertion order and a new window is re-inserted, so the first keys are the oldest.
    for (const client of this.windows.keys()) {
      if (this.windows.size < this.maxClients) break;
      this.windows.delete(client);
    }
  }
}
