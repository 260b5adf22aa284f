import type { Knex } from 'knex';
import type { Config } from '../../platform/config.server.js';
import { extensionsFor, type ExtensionRow } from '../../db/repos/deadlines.server.js';
import { roundDeadlines, shortDeadlineText, type RoundDeadline } from './rounds.server.js';
import type { Translate } from '../../contracts/i18n/translate.js';
import type { Lang } from '../../form/lang.js';

/**
 * Which round an applicant is in at a moment (docs/deadlines.md): the earliest round whose deadline — moved by
 * the office's extensions for everyone and for this applicant, whichever is latest — plus DEADLINE_GRACE_MINUTES
 * has not passed. `closesAt` is the deadline as applicants read it (the grace is never announced).
 */
export type DeadlineState =
  { kind: 'none' } | { kind: 'open'; round: RoundDeadline; closesAt: Date } | { kind: 'closed'; round: RoundDeadline; closesAt: Date };

export function deadlineStateFrom(config: Config, extensions: readonly ExtensionRow[], at: Date): DeadlineState {
  const rounds = roundDeadlines(config, at);
  if (rounds.length === 0) return { kind: 'none' };
  const graceMs = config.deadlines.graceMinutes * 60_000;
  let last: { round: RoundDeadline; closesAt: Date } | null = null;
  for (const round of rounds) {
    const closesAt = new Date(
      Math.max(round.closesAt.getTime(), ...extensions.filter((e) => e.round === round.name).map((e) => e.until.getTime())),
    );
    if (at.getTime() < closesAt.getTime() + graceMs) return { kind: 'open', round, closesAt };
    if (!last || closesAt > last.closesAt) last = { round, closesAt };
  }
  return { kind: 'closed', ...last! };
}

export const DEADLINE_PASSED =
  'The deadline for applications, {{deadline}}, has passed. Your answers are saved and you can still read and download them.';

/** The state for an account (its own extensions too), or for a visitor (everyone's only). */
export async function deadlineState(deps: { config: Config; knex: Knex }, userId: string | null, at: Date): Promise<DeadlineState> {
  if (deps.config.deadlines.rounds.length === 0) return { kind: 'none' };
  return deadlineStateFrom(deps.config, await extensionsFor(deps.knex, userId), at);
}

/**
 * What the form pages' banner and POST /api/submit (JSON and form post) say once the last deadline has passed, in
 * the reader's language: its English is a key of ES_DEADLINES.
 */
export function deadlinePassedText(say: Translate, closesAt: Date, timeZone: string, lang: Lang): string {
  return say(DEADLINE_PASSED, { deadline: shortDeadlineText(closesAt, timeZone, lang) });
}
