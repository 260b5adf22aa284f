import type { OfficePageBase } from './office-page-data.js';

/** What the counselor's page (pages/(office)/counselor/@token) shows, from server/after-submission/counselor-page.server.ts. */

/** The counselor's last file while it is checked, or when it could not be read. */
export interface CounselorUploadStatus {
  text: string;
  pending: boolean;
  failed: boolean;
}

export type CounselorPageView =
  | {
      kind: 'live';
      applicantName: string;
      schoolName: string;
      /** "This link works until …", in the university's words. */
      expires: string;
      upload: CounselorUploadStatus | null;
      /** "This is not my student" was pressed once: the page asks to confirm before the link dies. */
      confirming: boolean;
    }
  | { kind: 'received'; applicantName: string }
  /** A dead link names nobody (issue 35). */
  | { kind: 'not-my-student' | 'unknown' | 'dead' };

export interface CounselorPageData extends OfficePageBase {
  /** Where the page's forms post (the link itself). */
  action: string;
  /** An error or outcome to announce at the top. */
  notice: { kind: 'error' | 'success'; text: string } | null;
  view: CounselorPageView;
  officePhone: string;
  officeEmail: string;
}
