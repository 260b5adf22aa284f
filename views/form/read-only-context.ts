import { createContext, useContext, type ReactNode } from 'react';
import type { Answers, Question } from '../../form/types.js';

/** A confirmation trigger's state (the interactive form steps through them; a read-only view shows one). */
export type ReadOnlyTriggerState = 'before' | 'optional' | 'after';

/**
 * What the read-only renderer reads: the answers and the UI state they were given with. Nothing changes while
 * a read-only view renders (no store, no handlers), so components read it as is.
 */
export interface ReadOnlyContextValue {
  answers: Answers;
  counts: Record<string, number>;
  tabs: Record<string, string>;
  triggers: Record<string, ReadOnlyTriggerState>;
  /** What the review page adds to an answer (its Change link, its problems); none in the staff view and the PDF. */
  readOnlyExtra?(q: Question): { after: ReactNode; invalid: boolean } | null;
  /**
   * The review's short listing: whether a question is listed at all (it leaves out empty optional answers), with
   * sections left with nothing to list, explanatory text left out, and a check group on one line. Absent (the
   * staff view and the PDF): everything is listed.
   */
  listed?(q: Question): boolean;
  /**
   * Documents that show pages one after another under the applicant's name (the staff view, the PDF): 1 renders
   * every heading one level deeper (the page titles as h2), so the document has one h1. The look (classes) stays;
   * the staff desk's page uses the same markup as the PDF (test/e2e/staff-view.e2e.test.ts compares them).
   * Absent: the page is the document and its title the h1.
   */
  headingOffset?: 0 | 1;
}

/** A read-only context for these answers, with no add-another, tab or trigger chosen unless given. */
export function readOnlyContext(answers: Answers, options: Partial<Omit<ReadOnlyContextValue, 'answers'>> = {}): ReadOnlyContextValue {
  return { counts: {}, tabs: {}, triggers: {}, ...options, answers };
}

export const ReadOnlyContext = createContext<ReadOnlyContextValue>(readOnlyContext({}));

export function useReadOnly(): ReadOnlyContextValue {
  return useContext(ReadOnlyContext);
}
