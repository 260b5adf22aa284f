import type { PageContextServer } from 'vike/types';
import { readerPageData } from '../../../../../server/reading/reader-page.server.js';
import { officeRequestOf } from '../../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) =>
  readerPageData(pageContext.services, officeRequestOf(pageContext), pageContext.reviewForm);
