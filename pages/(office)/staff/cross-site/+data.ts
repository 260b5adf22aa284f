import type { PageContextServer } from 'vike/types';
import type { CrossSiteData } from '../../../../contracts/staff-desk-pages-data.js';

/** What server/staff/cross-site.server.ts passed: the page asked for, which this one offers to open. */
export function data(pageContext: PageContextServer): CrossSiteData {
  const crossSite = pageContext.crossSite;
  if (!crossSite) throw new Error('the cross-site page rendered without sameSiteNavigationOnly()');
  return crossSite;
}
