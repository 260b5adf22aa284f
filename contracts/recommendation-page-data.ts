import type { OfficePageBase } from './office-page-data.js';

/** What the teacher's page (pages/(office)/recommend/@token) shows, from server/recommendations/teacher-page.server.ts. */

export type TeacherPageView =
  | {
      kind: 'live';
      applicantName: string;
      teacherName: string;
      subject: string;
      /** "This link works until …", in the university's words. */
      expires: string;
      /** Whether the applicant waived their right to read the letter (null: not answered). */
      waived: boolean | null;
      /** The teacher's file could not be read: they may send another or type the letter. */
      fileFailed: boolean;
      /** "I cannot write this letter" was pressed once: the page asks to confirm (with an optional reason). */
      confirming: boolean;
      /** Typed text sent back with a refusal, so nothing typed is lost. */
      text: string;
    }
  | { kind: 'received'; applicantName: string; checking: boolean }
  /** A dead link names nobody. */
  | { kind: 'declined' | 'unknown' | 'dead' };

export interface TeacherPageData extends OfficePageBase {
  action: string;
  notice: { kind: 'error' | 'success'; text: string } | null;
  view: TeacherPageView;
  officePhone: string;
  officeEmail: string;
  textMax: number;
  reasonMax: number;
}
