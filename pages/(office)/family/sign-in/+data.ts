import type { PageContextServer } from 'vike/types';
import { familySignInPageData } from '../../../../server/family/family-pages.server.js';

export function data(pageContext: PageContextServer) {
  return familySignInPageData(pageContext);
}
