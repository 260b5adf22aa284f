import type { PageContextServer } from 'vike/types';
import { queuePageData } from '../../../../server/reading/queue-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) => queuePageData(pageContext.services, officeRequestOf(pageContext));
