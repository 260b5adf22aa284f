import { validate } from '../../form/validate.js';
import { serialize } from 'cookie';
import { PAGE_CHANGED_COOKIE } from '../../contracts/page-change.js';
import { cookieOptions } from '../cookies.server.js';
import type { ReviewPageData } from '../../contracts/page-data.js';
import { applicationFormData, pageChangeMarker, type LifecyclePageContext } from '../application/page-data.server.js';
import { requestApplication } from '../application/request-application.server.js';
import { withDeadline } from '../deadlines/page-deadline.server.js';

/**
 * The review page's data (pages/review/+data.ts): the application as the form pages show it
 * (server/application/), the deadline (server/deadlines/), and what validation finds now. Its Change links go to /{page}#{key}; so that the first form page opened from here
 * is not redirected to the last page visited (§2's first-load rule), viewing the review counts as moving to
 * another page in this session: the response sets the same page-change marker the form island sets.
 */
export async function reviewPageData(
  pageContext: LifecyclePageContext & { responseHeaders?: Record<string, string> },
): Promise<ReviewPageData> {
  const data = await withDeadline(pageContext, await applicationFormData(pageContext));
  const user = pageContext.locals?.user;
  const { services } = pageContext;
  const submitted = data.web_status === 'submitted';
  // The row this request already read (the guard and applicationFormData share it): no second or third read.
  const row = user ? await requestApplication(pageContext, user.id) : undefined;
  const problems =
    submitted || !user
      ? []
      : validate(data.answers, 'all', {
          ui: { addAnother: data.add_another, tabs: data.tabs },
          now: services.now(),
          accountEmail: user.username,
        });
  const marker = pageChangeMarker(services, pageContext.headersOriginal);
  if (marker) {
    const { secure, path } = cookieOptions(services.config, { httpOnly: false });
    pageContext.responseHeaders = {
      ...pageContext.responseHeaders,
      'Set-Cookie': serialize(PAGE_CHANGED_COOKIE, marker, { path, sameSite: 'lax', secure }),
    };
  }
  return {
    ...data,
    // The greeting belongs to the form pages; here the page's own heading says where the applicant is.
    banner: null,
    problems,
    submitted: submitted || Boolean(row?.submitted_at),
    reference: row?.reference ?? null,
    submitted_at: row?.submitted_at ? new Date(row.submitted_at).toISOString() : null,
  };
}
