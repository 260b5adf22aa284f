import type { PageContextServer } from 'vike/types';
import { exportPageData } from '../../../../../server/staff/exports-page.server.js';
import { officeRequestOf } from '../../../../../server/office-page.server.js';

export async function data(pageContext: PageContextServer) {
  const page = await exportPageData(pageContext.services, officeRequestOf(pageContext));
  if (!page.found) pageContext.responseStatus = 404;
  return page;
}
