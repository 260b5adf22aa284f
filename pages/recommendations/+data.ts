import type { PageContextServer } from 'vike/types';
import type { FormPageData } from '../../contracts/page-data.js';
import type { RecommendationsView } from '../../contracts/recommendations.js';
import { recommendationsView } from '../../server/recommendations/applicant-view.server.js';
import { applicationFormData } from '../../server/application/page-data.server.js';

/** The shell's account menu and lifecycle read the form pages' data; the section, its own. */
export type Data = (FormPageData & { view: RecommendationsView }) | null;

/** Logged-in applicants who have not submitted (pages/+guard.ts sends the others away). */
export async function data(pageContext: PageContextServer): Promise<Data> {
  const user = pageContext.locals?.user;
  if (!user) return null;
  const [shell, view] = await Promise.all([
    applicationFormData(pageContext),
    recommendationsView(pageContext.services, user.id, pageContext.urlParsed.search, 'recommendations', pageContext.locals?.lang ?? 'en'),
  ]);
  return { ...shell, view };
}
