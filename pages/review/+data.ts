import type { PageContextServer } from 'vike/types';
import type { LifecyclePageContext } from '../../server/application/page-data.server.js';
import { reviewPageData, type ReviewPageData } from '../../server/review/review-data.server.js';

export type Data = ReviewPageData;

export async function data(pageContext: PageContextServer): Promise<Data> {
  return reviewPageData(pageContext as unknown as LifecyclePageContext);
}
