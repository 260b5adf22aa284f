import { findApplicationForPage, type PageApplicationRead } from '../../db/repos/applications.server.js';
import type { LifecyclePageContext } from './page-data.server.js';

/** Reads per request, keyed by the request's locals (res.locals, the same object in the guard and in +data). */
const reads = new WeakMap<object, { userId: string; row: Promise<PageApplicationRead | undefined> }>();

/**
 * The application row of `userId` as this page request read it: the §2 guard routes on it and the page's
 * +data renders from it, so a page view reads the row once, with its logins, statuses and documents. Undefined when the applicant has none yet.
 * Keyed by user id as well: a read is only ever handed back for the user it was made for.
 */
export function requestApplication(pageContext: LifecyclePageContext, userId: string): Promise<PageApplicationRead | undefined> {
  const locals = pageContext.locals;
  const cached = locals ? reads.get(locals) : undefined;
  if (cached && cached.userId === userId) return cached.row;
  const row = findApplicationForPage(pageContext.services.db.knex, userId);
  if (locals) reads.set(locals, { userId, row });
  return row;
}
