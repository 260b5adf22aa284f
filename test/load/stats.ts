import type { StepRecorder } from './client.js';

/** Every duration per step, kept whole so percentiles are exact. */
export class StepStats implements StepRecorder {
  private readonly durations = new Map<string, number[]>();
  readonly errors = new Map<string, Map<string, number>>();

  record(step: string, ms: number): void {
    let list = this.durations.get(step);
    if (!list) this.durations.set(step, (list = []));
    list.push(ms);
  }

  fail(step: string, message: string): void {
    let byMessage = this.errors.get(step);
    if (!byMessage) this.errors.set(step, (byMessage = new Map()));
    // Numbers (ids, counts) would make every message distinct.
    const kind = message.replace(/\d+/g, 'N');
    byMessage.set(kind, (byMessage.get(kind) ?? 0) + 1);
  }

  rows(): Array<{ step: string; count: number; p50: number; p95: number; max: number }> {
    return [...this.durations].map(([step, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return {
        step,
        count: sorted.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: round(sorted[sorted.length - 1]!),
      };
    });
  }

  errorCount(): number {
    let n = 0;
    for (const byMessage of this.errors.values()) for (const count of byMessage.values()) n += count;
    return n;
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!);
}
