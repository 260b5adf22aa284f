import type { PageContextServer } from 'vike/types';
import { releasesPageData } from '../../../../server/reading/releases-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) =>
  releasesPageData(pageContext.services, officeRequestOf(pageContext), pageContext.releaseState);
