import type { PageContextServer } from 'vike/types';
import { yourDataPageData } from '../../server/pages/your-data-page.server.js';
import type { ReviewPageData } from '../../contracts/page-data.js';

export type Data = ReviewPageData;

export async function data(pageContext: PageContextServer): Promise<Data> {
  return yourDataPageData(pageContext);
}
