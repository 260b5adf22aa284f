import type { FormSnapshot, FormStore } from './context.js';
import { formReducer, visibleMessages, type FormAction, type FormState } from './state.js';

/** The form island's state outside React: the reducer of state.ts, with its snapshot for `useFormState`. */
export interface FormStateStore extends FormStore {
  /** The whole state (the island's own effects, saving, validation). */
  state(): FormState;
  dispatch(action: FormAction): void;
}

function snapshotOf(state: FormState): FormSnapshot {
  return {
    answers: state.answers,
    messages: (key) => visibleMessages(state, key),
    counts: state.counts,
    tabs: state.tabs,
    triggers: state.triggers,
  };
}

/**
 * One store per island. React re-renders a component subscribed through useSyncExternalStore only when what it
 * selected changed; with the state in a context (as before), every field of the page re-rendered on every
 * keystroke, 46–90 ms at 4× CPU slowdown on /about.
 */
export function createFormStore(initial: FormState): FormStateStore {
  let state = initial;
  let snapshot = snapshotOf(state);
  const listeners = new Set<() => void>();
  return {
    get: () => snapshot,
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch(action) {
      const next = formReducer(state, action);
      if (next === state) return;
      state = next;
      snapshot = snapshotOf(next);
      for (const listener of [...listeners]) listener();
    },
  };
}
