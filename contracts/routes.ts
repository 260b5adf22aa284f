/** Every route of SPEC §2. Anything else redirects to the default route, keeping the query string. */
export const DEFAULT_ROUTE = '/about';

/** "Review your application": every answer with a Change link (issue 18); logged-in students only. */
export const REVIEW_ROUTE = '/review';

export const PAGE_ROUTES = [
  '/about',
  '/education',
  '/final-steps',
  '/completion',
  '/review',
  '/signup',
  '/confirm',
  '/login',
  '/forgot',
  '/reset',
] as const;

export type PageRoute = (typeof PAGE_ROUTES)[number];

export function isPageRoute(path: string): path is PageRoute {
  return (PAGE_ROUTES as readonly string[]).includes(path);
}
