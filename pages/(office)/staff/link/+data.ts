import type { PageContextServer } from 'vike/types';
import { linkPageData } from '../../../../server/staff/link-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) => linkPageData(pageContext.services, officeRequestOf(pageContext));
