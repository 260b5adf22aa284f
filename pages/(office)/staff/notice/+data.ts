import type { PageContextServer } from 'vike/types';
import type { StaffNoticeData } from '../../../../contracts/office-page-data.js';

/** The notice is what the sender passed (server/staff/staff-notice.server.ts); the page only lays it out. */
export function data(pageContext: PageContextServer): StaffNoticeData {
  const notice = pageContext.staffNotice;
  if (!notice) throw new Error('the staff notice page rendered without sendStaffNotice()');
  return notice;
}
