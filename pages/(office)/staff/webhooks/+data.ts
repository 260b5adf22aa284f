import type { PageContextServer } from 'vike/types';
import { webhooksPageData } from '../../../../server/staff/webhooks-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) => webhooksPageData(pageContext.services, officeRequestOf(pageContext));
