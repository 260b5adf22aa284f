import { PASSKEYS_ROUTE } from './passkeys.js';

/** Every route of SPEC §2. Anything else redirects to the default route, keeping the query string. */
export const DEFAULT_ROUTE = '/about';

/** "Review your application": every answer with a Change link (issue 18); logged-in students only. */
export const REVIEW_ROUTE = '/review';

/**
 * "Your data" (issue 38): download everything, and before submitting delete the application and account; logged-in
 * students only, as /review. Reached from the account menu and the footer.
 */
export const YOUR_DATA_ROUTE = '/your-data';

/**
 * The whole application in one read-only document, for staff (service_token) only: the PDF renderer prints
 * it in one pass (docs/decisions/0194-one-print-document-and-warm-merge.md). Anyone else goes to /about.
 */
export const PRINT_ROUTE = '/print';

/**
 * Teacher recommendations before submitting (issue 39), linked from Final steps; logged-in students only. A
 * submitted applicant has the same section on /completion and is sent there.
 */
export const RECOMMENDATIONS_ROUTE = '/recommendations';

/**
 * "Family access" (issue 39): whom the applicant lets read their status, invited and removed here; logged-in
 * students only, as /review. The family's own pages (/family/sign-in, /family/status) are office pages.
 */
export const FAMILY_ROUTE = '/family';

export const PAGE_ROUTES = [
  '/about',
  '/education',
  '/final-steps',
  '/completion',
  '/review',
  YOUR_DATA_ROUTE,
  PASSKEYS_ROUTE,
  RECOMMENDATIONS_ROUTE,
  FAMILY_ROUTE,
  '/signup',
  '/confirm',
  '/login',
  '/forgot',
  '/reset',
  PRINT_ROUTE,
] as const;

export type PageRoute = (typeof PAGE_ROUTES)[number];

export function isPageRoute(path: string): path is PageRoute {
  return (PAGE_ROUTES as readonly string[]).includes(path);
}
