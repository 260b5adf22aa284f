import type { PageContextServer } from 'vike/types';
import { exportsPageData } from '../../../../server/staff/exports-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) => exportsPageData(pageContext.services, officeRequestOf(pageContext));
