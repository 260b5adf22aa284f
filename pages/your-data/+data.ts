import type { PageContextServer } from 'vike/types';
import { reviewPageData } from '../../server/review/review-data.server.js';
import type { ReviewPageData } from '../../contracts/page-data.js';

// The review's data: whether the application is submitted, and (as from the review) the step links lead straight
// to the page they name, this page counting as moving to another page in the session.
export type Data = ReviewPageData;

export async function data(pageContext: PageContextServer): Promise<Data> {
  return reviewPageData(pageContext);
}
