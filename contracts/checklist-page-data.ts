import type { OfficePageBase } from './office-page-data.js';

/** What the office's checklist page (pages/(office)/staff/applications/@id/checklist) shows, from server/after-submission/checklist-page.server.ts. */

/** One line about the transcript, in the order the page shows them; a warning is said in words, never colour alone. */
export interface ChecklistLine {
  text: string;
  tone: 'plain' | 'warning' | 'error' | 'muted';
}

export interface ChecklistPageData extends OfficePageBase {
  /** The application's actions post under this path (/staff/applications/:id). */
  base: string;
  /** What the last action did (its `?done=`), said once at the top. */
  done: string | null;
  transcript: {
    lines: ChecklistLine[];
    /** The counselor's upload may be rejected as unofficial. */
    canReject: boolean;
    rejectReasonMax: number;
    /** The office may mark it received (paper or e-transcript). */
    canMark: boolean;
    /** The counselor request may be sent again, to this address. */
    resendTo: string | null;
  };
  /** Each teacher's state, for the desk (issue 39); the letters themselves are in the reader view. */
  recommendations?: ChecklistLine[];
  decision: {
    /** "Waitlist, not released. Recorded 2026-12-03 14:05 MST by …", or null when none is recorded. */
    summary: { label: string; text: string } | null;
    letter: string | null;
    /** The form to record (or change) it, while it is not released. */
    form: { options: Array<{ value: string; label: string; checked: boolean }>; letter: string; letterMax: number } | null;
    canRelease: boolean;
  };
}

/** The batch release's first step: what the confirmed post would release. */
export interface ReleasePreviewData extends OfficePageBase {
  sentence: string;
  count: number;
  /** Where the confirmation posts (the list's filters in its query) and the digest it carries. */
  action: string;
  digest: string;
  backHref: string;
}

/** The checklist page shows the checklist, or says that there is no such submitted application (404). */
export type ChecklistPageResult = ({ kind: 'checklist' } & ChecklistPageData) | ({ kind: 'missing'; message: string } & OfficePageBase);
