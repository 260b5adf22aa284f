import type { PageContextServer } from 'vike/types';
import { familyStatusPageData } from '../../../../server/family/family-pages.server.js';

export async function data(pageContext: PageContextServer) {
  return familyStatusPageData(pageContext);
}
