import type { Request, Response } from 'express';
import {
  findApplicationForPage,
  type ApplicationRead,
  type ApplicationReadKind,
  type PageApplicationRead,
} from '../../db/repos/applications.server.js';
import { isPageRoute } from '../../contracts/routes.js';
import { ANSWER_PATH } from '../../contracts/api-paths.js';
import type { SessionReads } from '../auth/session.server.js';
import type { LifecyclePageContext } from './page-data.server.js';

interface Read {
  userId: string;
  kind: ApplicationReadKind;
  row: Promise<ApplicationRead | PageApplicationRead | undefined>;
}

/**
 * Reads per request, kept on the request's locals (res.locals, the same object in the session middleware, the
 * guard and +data). On the object itself, under a registered symbol, rather than in a map of this module: the
 * pages' hooks run from vike's build, which may hold its own copy of this module.
 */
const READ = Symbol.for('freshman-application.request-application');
const reads = {
  get: (locals: object): Read | undefined => (locals as { [READ]?: Read })[READ],
  set: (locals: object, read: Read) =>
    Object.defineProperty(locals, READ, { value: read, configurable: true, writable: true, enumerable: false }),
  delete: (locals: object) => delete (locals as { [READ]?: Read })[READ],
};

/**
 * The application row of `userId` as this page request read it: the §2 guard routes on it and the page's
 * +data renders from it, so a page view reads the row once, with its logins, statuses and documents. Undefined when the applicant has none yet.
 * Keyed by user id as well: a read is only ever handed back for the user it was made for.
 */
export function requestApplication(pageContext: LifecyclePageContext, userId: string): Promise<PageApplicationRead | undefined> {
  const locals = pageContext.locals;
  const cached = locals ? reads.get(locals) : undefined;
  if (cached && cached.userId === userId && cached.kind === 'page') return cached.row as Promise<PageApplicationRead | undefined>;
  const row = findApplicationForPage(pageContext.services.db.knex, userId);
  if (locals) reads.set(locals, { userId, kind: 'page', row });
  return row;
}

/**
 * The application row this request read with its session (see sessionReads), or undefined when it read none
 * for `userId`; null when it read that the user has no application yet.
 */
export async function sessionApplication(locals: Response['locals'], userId: string): Promise<ApplicationRead | null | undefined> {
  const cached = reads.get(locals);
  if (!cached || cached.userId !== userId) return undefined;
  return (await cached.row) ?? null;
}

/** Something this request wrote changed the application: what it read before is not handed out again. */
export function forgetRequestApplication(locals: object): void {
  reads.delete(locals);
}

/**
 * Which requests read the application with their session (server/auth/session.server.ts; issue 28): a page
 * (its §2 guard routes on the row, then +data renders it) and an answer save (PUT /api/answer merges into it).
 * Session and application then cost one round trip to the database.
 */
export const sessionReads: SessionReads = {
  applicationRead(req: Request): ApplicationReadKind | null {
    if ((req.method === 'GET' || req.method === 'HEAD') && isPageRoute(req.path)) return 'page';
    if (req.method === 'PUT' && req.path === ANSWER_PATH) return 'row';
    return null;
  },
  keep(locals, userId, kind, application) {
    reads.set(locals, { userId, kind, row: Promise.resolve(application) });
  },
};
