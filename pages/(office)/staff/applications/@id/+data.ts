import type { PageContextServer } from 'vike/types';
import { staffApplicationPageData } from '../../../../../server/staff/application-page.server.js';
import { officeRequestOf } from '../../../../../server/office-page.server.js';

export async function data(pageContext: PageContextServer & { responseHeaders?: Record<string, string> }) {
  const page = await staffApplicationPageData(pageContext.services, officeRequestOf(pageContext));
  // The page's links name an applicant's id: none of them is sent on to another site.
  pageContext.responseHeaders = { ...pageContext.responseHeaders, 'Referrer-Policy': 'no-referrer' };
  if (!page.found) pageContext.responseStatus = 404;
  return page;
}
