import type { PageContextServer } from 'vike/types';
import { deadlinesPageData } from '../../../../server/deadlines/office-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) => deadlinesPageData(pageContext.services, officeRequestOf(pageContext));
