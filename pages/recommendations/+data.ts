import type { PageContextServer } from 'vike/types';
import type { RecommendationsView } from '../../contracts/recommendations.js';
import { recommendationsView } from '../../server/recommendations/applicant-view.server.js';

export type Data = { view: RecommendationsView } | null;

/** Logged-in applicants who have not submitted (pages/+guard.ts sends the others away). */
export async function data(pageContext: PageContextServer): Promise<Data> {
  const user = pageContext.locals?.user;
  if (!user) return null;
  return { view: await recommendationsView(pageContext.services, user.id, pageContext.urlParsed.search, 'recommendations') };
}
