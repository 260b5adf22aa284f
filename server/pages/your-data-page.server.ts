import type { ReviewPageData } from '../../contracts/page-data.js';
import { reviewPageData } from './review-page.server.js';

/**
 * /your-data: the account's download and, before submitting, its deletion. It needs what the review knows (whether
 * the application is submitted, the session's page marker for the step links), so it reads the same.
 */
export async function yourDataPageData(pageContext: Parameters<typeof reviewPageData>[0]): Promise<ReviewPageData> {
  return reviewPageData(pageContext);
}
