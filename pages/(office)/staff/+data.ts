import type { PageContextServer } from 'vike/types';
import { staffListPageData } from '../../../server/staff/list-page.server.js';
import { officeRequestOf } from '../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) => staffListPageData(pageContext.services, officeRequestOf(pageContext));
