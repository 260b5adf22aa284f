/**
 * What the applicant's site says when it cannot show what was asked (pages/notice, sent by
 * server/notice-page.server.ts): the §2 generic error screen, or one refusal in plain words.
 */
export type NoticePageData =
  | { kind: 'generic-error'; title: string }
  | { kind: 'notice'; title: string; message: string; link?: { href: string; label: string }; action?: { label: string } };
