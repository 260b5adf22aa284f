/**
 * Debounce with a maximum wait (§9: 200 ms, at most 500 ms): a fast typist still sees suggestions
 * while typing, and a pause fires at once. `cancel` drops a pending call (blur, clear).
 */
export interface Debounced<A> {
  schedule(arg: A): void;
  cancel(): void;
}

export function debounce<A>(fn: (arg: A) => void, waitMs: number, maxWaitMs: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstScheduledAt: number | null = null;
  let latest: A;
  const fire = () => {
    timer = null;
    firstScheduledAt = null;
    fn(latest);
  };
  return {
    schedule(arg) {
      latest = arg;
      const now = Date.now();
      firstScheduledAt ??= now;
      if (timer) clearTimeout(timer);
      const delay = Math.max(0, Math.min(waitMs, firstScheduledAt + maxWaitMs - now));
      timer = setTimeout(fire, delay);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      firstScheduledAt = null;
    },
  };
}
