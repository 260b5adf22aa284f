/**
 * DEADLINES (docs/deadlines.md): named rounds, each a month and day of the admission cycle, e.g.
 * `early-action=11-01,regular=01-15`. Only the calendar day is configured: the year follows from the open cycle
 * and the round closes at the end of that day in TIME_ZONE (domain/deadlines/rounds.server.ts).
 */
export interface DeadlineRoundSetting {
  /** The round's name as configured (lower-case letters, digits and hyphens): stored on the submitted application. */
  name: string;
  month: number;
  day: number;
}

const NAME = /^[a-z][a-z0-9-]{0,39}$/;

export function parseDeadlines(raw: string): { value: DeadlineRoundSetting[] } | { problem: string } {
  const rounds: DeadlineRoundSetting[] = [];
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([^=\s]+)\s*=\s*(\d{2})-(\d{2})$/.exec(entry);
    const name = match?.[1]?.toLowerCase() ?? '';
    const month = Number(match?.[2]);
    const day = Number(match?.[3]);
    // 2024 is a leap year, so 02-29 passes here; rounds.server.ts moves it to 28 February in other years.
    if (!match || !NAME.test(name) || month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(2024, month, 0)).getUTCDate()) {
      return { problem: `"${entry}" is not a round: write name=MM-DD, e.g. early-action=11-01,regular=01-15` };
    }
    if (rounds.some((r) => r.name === name)) return { problem: `the round "${name}" is named twice` };
    rounds.push({ name, month, day });
  }
  return rounds.length > 0 ? { value: rounds } : { problem: 'names no round: write name=MM-DD, e.g. early-action=11-01,regular=01-15' };
}

/** The deadline settings as the configuration holds them (each variable was checked by the schema already). */
export function deadlineSetting(v: { DEADLINES?: string; DEADLINE_GRACE_MINUTES?: number }): {
  rounds: DeadlineRoundSetting[];
  graceMinutes: number;
} {
  const parsed = v.DEADLINES ? parseDeadlines(v.DEADLINES) : null;
  return { rounds: parsed && 'value' in parsed ? parsed.value : [], graceMinutes: v.DEADLINE_GRACE_MINUTES ?? 0 };
}
