import type { PageContextServer } from 'vike/types';
import { counselorPageData } from '../../../../server/after-submission/counselor-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export async function data(pageContext: PageContextServer) {
  const { status, ...page } = await counselorPageData(pageContext.services, officeRequestOf(pageContext), pageContext.counselorPage);
  if (status !== null) pageContext.responseStatus = status;
  return page;
}
