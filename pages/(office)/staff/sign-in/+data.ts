import type { PageContextServer } from 'vike/types';
import { signInPageData } from '../../../../server/staff/sign-in-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) => signInPageData(pageContext.services, officeRequestOf(pageContext));
