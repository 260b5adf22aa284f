import type { PageContextServer } from 'vike/types';
import type { ReviewPageData } from '../../contracts/page-data.js';
import { reviewPageData } from '../../server/pages/review-page.server.js';

export type Data = ReviewPageData;

export async function data(pageContext: PageContextServer): Promise<Data> {
  return reviewPageData(pageContext);
}
