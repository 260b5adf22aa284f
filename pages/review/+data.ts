import type { PageContextServer } from 'vike/types';
import { reviewPageData } from '../../server/review/review-data.server.js';
import type { ReviewPageData } from '../../contracts/page-data.js';

export type Data = ReviewPageData;

export async function data(pageContext: PageContextServer): Promise<Data> {
  return reviewPageData(pageContext);
}
