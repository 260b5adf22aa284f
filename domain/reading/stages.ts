/**
 * Where an application is in the office's reading, and every move between stages: THE table (issue 37).
 * docs/reading-stages.md is generated from it (npm run docs:stages) and a unit test keeps the two equal.
 * 'decided' and 'released' follow the decision row (the staff form, the batch release and the CRM all write it),
 * so they are read from it rather than stored twice.
 */

export type ReadingStage = 'incomplete' | 'ready_for_review' | 'first_read' | 'second_read' | 'committee' | 'decided' | 'released';
export const READING_STAGES: readonly ReadingStage[] = [
  'incomplete',
  'ready_for_review',
  'first_read',
  'second_read',
  'committee',
  'decided',
  'released',
];

export type StageEvent =
  | 'checklist-complete'
  | 'assign-first'
  | 'assign-second'
  | 'first-review-submitted'
  | 'second-review-submitted'
  | 'move-to-committee'
  | 'decide'
  | 'release';

export interface StageChange {
  from: ReadingStage;
  event: StageEvent;
  to: ReadingStage;
  who: 'system' | 'lead' | 'reader';
  /** When one event can lead to two stages, what picks this one. */
  when?: string;
}

/** Where every submitted application starts (moved on at once when its transcript is already in). */
export const FIRST_STAGE: ReadingStage = 'incomplete';

export const STAGE_CHANGES: readonly StageChange[] = [
  { from: 'incomplete', event: 'checklist-complete', to: 'ready_for_review', who: 'system' },
  { from: 'ready_for_review', event: 'assign-first', to: 'first_read', who: 'lead' },
  { from: 'first_read', event: 'assign-first', to: 'first_read', who: 'lead', when: 'another reader' },
  { from: 'first_read', event: 'assign-second', to: 'first_read', who: 'lead' },
  { from: 'first_read', event: 'first-review-submitted', to: 'second_read', who: 'reader', when: 'a second reader is assigned' },
  { from: 'first_read', event: 'first-review-submitted', to: 'committee', who: 'reader', when: 'no second reader' },
  { from: 'second_read', event: 'assign-second', to: 'second_read', who: 'lead', when: 'another reader' },
  { from: 'second_read', event: 'second-review-submitted', to: 'committee', who: 'reader' },
  { from: 'committee', event: 'assign-second', to: 'second_read', who: 'lead' },
  { from: 'ready_for_review', event: 'move-to-committee', to: 'committee', who: 'lead' },
  { from: 'first_read', event: 'move-to-committee', to: 'committee', who: 'lead' },
  { from: 'second_read', event: 'move-to-committee', to: 'committee', who: 'lead' },
  { from: 'committee', event: 'decide', to: 'decided', who: 'lead' },
  { from: 'ready_for_review', event: 'decide', to: 'decided', who: 'lead' },
  { from: 'decided', event: 'decide', to: 'decided', who: 'lead', when: 'changed before release' },
  { from: 'decided', event: 'release', to: 'released', who: 'lead' },
];

/** The stage `event` leads to from `from` (the `to` the caller picked when there are two), or null when it may not happen there. */
export function stageAfter(from: ReadingStage, event: StageEvent, to?: ReadingStage): ReadingStage | null {
  const rows = STAGE_CHANGES.filter((r) => r.from === from && r.event === event && (to === undefined || r.to === to));
  return rows.length >= 1 ? rows[0]!.to : null;
}

export const STAGE_LABELS: Record<ReadingStage, string> = {
  incomplete: 'Waiting for documents',
  ready_for_review: 'Ready for review',
  first_read: 'First read',
  second_read: 'Second read',
  committee: 'Committee',
  decided: 'Decided',
  released: 'Released',
};

export function isReadingStage(value: unknown): value is ReadingStage {
  return typeof value === 'string' && (READING_STAGES as readonly string[]).includes(value);
}
