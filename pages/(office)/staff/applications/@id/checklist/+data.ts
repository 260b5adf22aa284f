import type { PageContextServer } from 'vike/types';
import { checklistPageData } from '../../../../../../server/after-submission/checklist-page.server.js';
import { officeRequestOf } from '../../../../../../server/office-page.server.js';

export async function data(pageContext: PageContextServer) {
  const { status, ...page } = await checklistPageData(pageContext.services, officeRequestOf(pageContext));
  if (status !== null) pageContext.responseStatus = status;
  return page;
}
