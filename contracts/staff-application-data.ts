import type { Answers } from '../form/types.js';
import type { OfficePageBase } from './office-page-data.js';

export interface StaffDocumentData {
  key: string;
  href: string;
  label: string;
  fileName: string;
  /** Its size and state: "12 KB, Ready to open". */
  detail: string;
  /** Who sent it: the applicant's upload, or the counselor's address. */
  from: string;
  /** When it was received, in the university's zone ('' when not known). */
  at: string;
}

/** GET /staff/applications/:id (server/staff/application-page.server.ts); `found: false` is its 404. */
export type StaffApplicationPageData =
  | (OfficePageBase & { found: false })
  | (OfficePageBase & {
      found: true;
      id: string;
      backHref: string;
      reference: string;
      status: string;
      stage: string;
      submitted: string;
      /** "Regular Decision": the deadline round it was submitted under; null before submitting or without DEADLINES. */
      round: string | null;
      email: string;
      pdfHref: string;
      checklistHref: string | null;
      documents: StaffDocumentData[];
      /** The form's read-only layout (views/form/ReadOnlyForm.tsx), documents converted counting as answered. */
      answers: Answers;
      addAnother: Record<string, number>;
      tabs: Record<string, string>;
      history: Array<{ id: string; at: string; who: string; what: string }>;
    });
