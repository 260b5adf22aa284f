import type { PageContextServer } from 'vike/types';
import { assignPageData } from '../../../../server/reading/assign-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) => assignPageData(pageContext.services, officeRequestOf(pageContext));
