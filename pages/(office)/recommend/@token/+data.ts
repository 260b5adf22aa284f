import type { PageContextServer } from 'vike/types';
import { teacherPageData } from '../../../../server/recommendations/teacher-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export async function data(pageContext: PageContextServer) {
  const { status, ...page } = await teacherPageData(pageContext.services, officeRequestOf(pageContext), pageContext.teacherPage);
  if (status !== null) pageContext.responseStatus = status;
  return page;
}
