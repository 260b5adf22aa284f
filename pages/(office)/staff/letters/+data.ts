import type { PageContextServer } from 'vike/types';
import { lettersPageData } from '../../../../server/reading/letters-page.server.js';
import { officeRequestOf } from '../../../../server/office-page.server.js';

export const data = (pageContext: PageContextServer) =>
  lettersPageData(pageContext.services, officeRequestOf(pageContext), pageContext.letterDraft);
