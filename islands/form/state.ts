import type { Answers, FormDefinition, Repeater, UiState, ValidationEntry } from '../../form/types.js';
import { clearHidden, isAnswered } from '../../form/conditions.js';
import { isRemovable, removalChanges } from '../../form/repeater-remove.js';
import type { WebStatus } from '../../contracts/statuses.js';

/** Which of before / optional / after a confirmation trigger shows (§2, §4). */
export type TriggerState = 'before' | 'optional' | 'after';

/** The form island's whole state: one reducer, so the body, step navigation, continue button and summary agree. */
export interface FormState {
  definition: FormDefinition;
  answers: Answers;
  /** Keys whose input lost focus once: from then on their messages update on every change (§5 live checks). */
  touched: Record<string, true>;
  /** The last validation run (§5 shape) and the same messages per key. */
  entries: readonly ValidationEntry[];
  errors: Record<string, string[]>;
  /** §4: while validating every message shows, touched or not, and the error summary lists them all. */
  webStatus: WebStatus | null;
  /** Add-another counts per button id (§3 "Add-another data"). Persistence arrives with the lifecycle issue. */
  counts: Record<string, number>;
  /** Chosen tab per tab id (§3 "Tabs data"). */
  tabs: Record<string, string>;
  triggers: Record<string, TriggerState>;
}

export type FormAction =
  | { type: 'change'; values: Answers }
  | { type: 'restore'; answers: Answers }
  | { type: 'blur'; key: string }
  | { type: 'validated'; entries: readonly ValidationEntry[] }
  | { type: 'status'; webStatus: WebStatus | null }
  | { type: 'add'; repeater: string; max: number; defaultCount: number }
  /** Entry `index` of the `count` shown removed (issue 38): later entries move up, the count goes down by one. */
  | { type: 'remove'; node: Repeater; index: number; count: number }
  | { type: 'tab'; tabs: string; id: string }
  | { type: 'trigger'; trigger: string; state: TriggerState };

export function errorsByKey(entries: readonly ValidationEntry[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const entry of entries) errors[entry.key] = [...(errors[entry.key] ?? []), ...entry.messages];
  return errors;
}

export function initialFormState(init: Partial<FormState> & Pick<FormState, 'answers' | 'definition'>): FormState {
  return { touched: {}, entries: [], errors: {}, webStatus: null, counts: {}, tabs: {}, triggers: {}, ...init };
}

export function uiState(state: Pick<FormState, 'counts' | 'tabs'>): UiState {
  return { addAnother: state.counts, tabs: state.tabs };
}

function applyChange(state: FormState, values: Answers): Answers {
  // One pure rule for every change: hidden sections, losing group branches and dependent selects whose
  // controller moved are cleared here, exactly as the server clears them (§4).
  return clearHidden({ ...state.answers, ...values }, state.answers, { definition: state.definition, ui: uiState(state) });
}

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'change':
      return { ...state, answers: applyChange(state, action.values) };
    case 'restore':
      return {
        ...state,
        answers: clearHidden({ ...state.answers, ...action.answers }, undefined, { definition: state.definition, ui: uiState(state) }),
      };
    case 'blur':
      return state.touched[action.key] ? state : { ...state, touched: { ...state.touched, [action.key]: true } };
    case 'validated':
      return { ...state, entries: action.entries, errors: errorsByKey(action.entries) };
    case 'status':
      return { ...state, webStatus: action.webStatus };
    case 'add': {
      const current = state.counts[action.repeater] ?? action.defaultCount;
      if (current >= action.max) return state;
      return { ...state, counts: { ...state.counts, [action.repeater]: current + 1 } };
    }
    case 'remove': {
      if (!isRemovable(action.index, action.count)) return state;
      const changes = removalChanges(action.node, action.index, action.count, state.answers);
      const counts = { ...state.counts, [action.node.repeater]: action.count - 1 };
      return {
        ...state,
        counts,
        answers: clearHidden({ ...state.answers, ...changes }, undefined, {
          definition: state.definition,
          ui: uiState({ counts, tabs: state.tabs }),
        }),
      };
    }
    case 'tab': {
      // §4: the answers of the tab left behind are cleared.
      const tabs = { ...state.tabs, [action.tabs]: action.id };
      return {
        ...state,
        tabs,
        answers: clearHidden(state.answers, undefined, { definition: state.definition, ui: uiState({ counts: state.counts, tabs }) }),
      };
    }
    case 'trigger':
      return { ...state, triggers: { ...state.triggers, [action.trigger]: action.state } };
  }
}

/** While validating (§4) every message shows; otherwise a field's messages appear after its first blur. */
export function showsAll(state: Pick<FormState, 'webStatus'>): boolean {
  return state.webStatus === 'validating';
}

export function visibleMessages(state: Pick<FormState, 'errors' | 'touched' | 'webStatus'>, key: string): readonly string[] {
  if (!showsAll(state) && !state.touched[key]) return [];
  return state.errors[key] ?? [];
}

/** §2: "any answer has been entered" — an empty string or an unticked box is not an answer. */
export function hasAnyAnswer(answers: Answers): boolean {
  return Object.entries(answers).some(([key, value]) => !key.endsWith('_desc') && isAnswered(value));
}
