import { createContext, useContext, useRef, useSyncExternalStore } from 'react';
import type { Answers } from '../../form/types.js';
import type { DocumentAnswer, PresignedPost } from '../../contracts/api.js';
import type { SchoolSearch } from '../../contracts/lookup.js';
import type { LookupNotice, TabSwitchQuestion } from '../../contracts/form-post.js';
import type { FittedQuery } from '../../contracts/no-script-upload.js';
import type { FormAction, TriggerState } from './state.js';

/** What changes while the applicant fills in the form. Rendering reads it through `useFormState`. */
export interface FormSnapshot {
  answers: Answers;
  messages(key: string): readonly string[];
  counts: Record<string, number>;
  tabs: Record<string, string>;
  triggers: Record<string, TriggerState>;
}

/** The island's live form state (islands/form/store.ts): the current snapshot, and a signal when it changes. */
export interface FormStore {
  get(): FormSnapshot;
  subscribe(listener: () => void): () => void;
}

/**
 * What every building block reads: the answers, the messages to show, and how to report a change.
 * The same components render on the server (no-op handlers) and in the island (a store); the read-only views
 * (review, staff view, PDF) are views/form/, with a context of their own.
 */
export interface FormContextValue extends FormSnapshot {
  isLoggedIn: boolean;
  change(values: Answers): void;
  blur(key: string): void;
  dispatch(action: FormAction): void;
  /**
   * In the island: where the snapshot lives. The context value itself never changes there, so a keystroke
   * re-renders only the components whose `useFormState` selection it changed, not every field of the page
   * (the snapshot fields above then read the current state, for event handlers). Static contexts have none.
   */
  store?: FormStore;
  /** §3 document_answer of a logged-in student (the upload control's starting state). */
  documents?: Readonly<Record<string, DocumentAnswer>>;
  /** Without scripts: where the upload forms that are open post (DESIGN §6). */
  uploadTargets?: Readonly<Record<string, PresignedPost>>;
  /** Without scripts: a photo the server made fit 1 MB (issue 38). */
  uploadFitted?: FittedQuery | undefined;
  /** Without scripts: the next value of the status link's query (a real reload each time). */
  statusCheck?: string;
  /** Without scripts: a school question's search and its matches (shown under that question). */
  schoolSearch?: SchoolSearch | undefined;
  /** Without scripts: what a post cleared at a school or address search, or "not listed" chosen (issue 38). */
  lookupNotices?: readonly LookupNotice[] | undefined;
  /** Without scripts: a tab switch that would delete uploaded files, asked about under its tabs (issue 38). */
  tabSwitch?: TabSwitchQuestion | undefined;
  /** Without scripts: the add-another entry asking to confirm its removal (?remove=). */
  removeConfirm?: { repeater: string; index: number } | undefined;
  /** Logged in: persists an add-another count first (§4); false when it failed (the island told the applicant). */
  persistCount?(buttonId: string, count: number): Promise<boolean>;
  /** Logged in: persists the chosen tab first (§4); 'blocked' while a document under the left tab converts. */
  persistTab?(tabId: string, chosen: string, label: string): Promise<'chosen' | 'blocked' | 'failed'>;
}

const noop = () => {};

export function staticFormContext(answers: Answers, options: { isLoggedIn?: boolean } = {}): FormContextValue {
  return {
    answers,
    isLoggedIn: options.isLoggedIn ?? false,
    messages: () => [],
    change: noop,
    blur: noop,
    counts: {},
    tabs: {},
    triggers: {},
    dispatch: noop,
  };
}

export const FormContext = createContext<FormContextValue>(staticFormContext({}));

/** The form's handlers and fixed settings. What changes as the applicant types is read with `useFormState`. */
export function useForm(): FormContextValue {
  return useContext(FormContext);
}

const NO_STORE = () => noop;

/** Same items in the same order (a field's messages are new arrays after every validation run). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a === b || (a.length === b.length && a.every((item, index) => Object.is(item, b[index])));
}

/**
 * One value derived from the form's state: the component re-renders only when that value changes (by `isEqual`),
 * so a keystroke re-renders the field typed in and whatever depends on its answer (a shown-when rule, a group's
 * branch, a dependent select), not the whole page. A static context (the server's render) is read as is.
 */
export function useFormState<T>(select: (form: FormSnapshot) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const form = useContext(FormContext);
  const store = form.store;
  // The last value handed out: an equal selection returns it again, as useSyncExternalStore requires.
  const last = useRef<{ value: T } | null>(null);
  const read = () => {
    const value = select(store ? store.get() : form);
    if (last.current && isEqual(last.current.value, value)) return last.current.value;
    last.current = { value };
    return value;
  };
  return useSyncExternalStore(store ? store.subscribe : NO_STORE, read, read);
}
