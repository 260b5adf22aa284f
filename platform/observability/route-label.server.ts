import { isPageRoute } from '../../contracts/routes.js';

export const METRICS_PATH = '/metrics';

/** Requests that matched no row of the route map and no page: one label for all, never their paths. */
const OTHER_ROUTE = 'other';

/**
 * The route label of a finished request: the route map's template ("/api/document-answer/:key"), a page of
 * §2, or one of a few fixed names; anything else (unknown paths, probes) is `other`, so a scanner cannot
 * blow up the number of series and no id or token in a URL reaches a label.
 */
export function routeLabel(req: { path: string }, route: string | undefined): string {
  if (route) return route.slice(route.indexOf(' ') + 1);
  const path = req.path;
  if (path === '/healthz' || path === '/readyz' || path === METRICS_PATH) return path;
  if (path.startsWith('/assets/')) return '/assets/*';
  if (isPageRoute(path)) return path;
  return OTHER_ROUTE;
}
