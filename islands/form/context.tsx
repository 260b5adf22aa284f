import { createContext, useContext, type ReactNode } from 'react';
import type { Answers, Question } from '../../form/types.js';
import type { DocumentAnswer, PresignedPost } from '../../contracts/api.js';
import type { SchoolSearch } from '../../contracts/lookup.js';
import type { FormAction, TriggerState } from './state.js';

/**
 * What every building block reads: the answers, the messages to show, and how to report a change.
 * The same components render on the server (no-op handlers), in the island (reducer) and read-only.
 */
export interface FormContextValue {
  answers: Answers;
  readOnly: boolean;
  isLoggedIn: boolean;
  messages(key: string): readonly string[];
  change(values: Answers): void;
  blur(key: string): void;
  counts: Record<string, number>;
  tabs: Record<string, string>;
  triggers: Record<string, TriggerState>;
  dispatch(action: FormAction): void;
  /** §3 document_answer of a logged-in student (the upload control's starting state). */
  documents?: Readonly<Record<string, DocumentAnswer>>;
  /** Without scripts: presigned POSTs of the document questions whose upload form is open (DESIGN §6). */
  uploadTargets?: Readonly<Record<string, PresignedPost>>;
  /** Without scripts: the next value of the status link's query (a real reload each time). */
  statusCheck?: string;
  /** Without scripts: a school question's search and its matches (shown under that question). */
  schoolSearch?: SchoolSearch | undefined;
  /** Logged in: persists an add-another count first (§4); false when it failed (the island told the applicant). */
  persistCount?(buttonId: string, count: number): Promise<boolean>;
  /** Logged in: persists the chosen tab first (§4); 'blocked' while a document under the left tab converts. */
  persistTab?(tabId: string, chosen: string, label: string): Promise<'chosen' | 'blocked' | 'failed'>;
  /** Read-only: what the review page adds to an answer (its Change link, its problems); none in the staff view and the PDF. */
  readOnlyExtra?(q: Question): { after: ReactNode; invalid: boolean } | null;
  /**
   * Read-only, the review's short listing: whether a question is listed at all (it leaves out empty optional answers),
   * with sections left with nothing to list, explanatory text left out, and a check group on one line. Absent (the
   * staff view and the PDF): everything is listed.
   */
  listed?(q: Question): boolean;
}

const noop = () => {};

export function staticFormContext(answers: Answers, options: { readOnly?: boolean; isLoggedIn?: boolean } = {}): FormContextValue {
  return {
    answers,
    readOnly: options.readOnly ?? false,
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

export function useForm(): FormContextValue {
  return useContext(FormContext);
}
