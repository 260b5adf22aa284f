import type { PageContextServer } from 'vike/types';
import { replyPageData } from '../../../../../../server/after-submission/reply-page.server.js';
import { officeRequestOf } from '../../../../../../server/office-page.server.js';

export async function data(pageContext: PageContextServer) {
  const { status, ...page } = await replyPageData(pageContext.services, officeRequestOf(pageContext));
  if (status !== null) pageContext.responseStatus = status;
  return page;
}
