import type { PageContextServer } from 'vike/types';
import { committeePageData } from '../../../../server/reading/committee-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) =>
  committeePageData(pageContext.services, officeRequestOf(pageContext), pageContext.committeeDraft);
