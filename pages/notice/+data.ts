import type { PageContextServer } from 'vike/types';
import type { NoticePageData } from '../../contracts/notice-page-data.js';

/** What the sender passed (server/notice-page.server.ts); the page only lays it out. */
export function data(pageContext: PageContextServer): NoticePageData {
  const notice = pageContext.notice;
  if (!notice) throw new Error('the notice page rendered without sendNoticePage()');
  return notice;
}
