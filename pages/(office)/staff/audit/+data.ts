import type { PageContextServer } from 'vike/types';
import { auditTrailPageData } from '../../../../server/staff/audit-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) => auditTrailPageData(pageContext.services, officeRequestOf(pageContext));
