import { formDefinition } from '../../form/definition.js';
import { DEFAULT_ROUTE, FAMILY_ROUTE, PRINT_ROUTE, RECOMMENDATIONS_ROUTE, REVIEW_ROUTE, YOUR_DATA_ROUTE } from '../../contracts/routes.js';
import { PASSKEYS_ROUTE } from '../../contracts/passkeys.js';
import { hasChangedPage, type LifecyclePageContext } from './page-data.server.js';
import { requestApplication } from './request-application.server.js';

export const COMPLETION_ROUTE = '/completion';
const AUTH_ENTRY_ROUTES = new Set(['/login', '/signup']);
/** Pages of a logged-in student's own that stay open once submitted (read-only there): the review, "Your data", passkeys, "Family access". */
const ACCOUNT_ROUTES = new Set<string>([REVIEW_ROUTE, YOUR_DATA_ROUTE, PASSKEYS_ROUTE, FAMILY_ROUTE]);

/** The three form pages (derived from the definition, never listed twice). */
export function formPaths(): string[] {
  return formDefinition().pages.map((page) => page.path);
}

/** Who is asking, as far as the routing rules of §2 care. */
export type RouteState =
  { kind: 'service' } | { kind: 'visitor' } | { kind: 'student'; submitted: boolean; lastPage: string | null; hasChangedPage: boolean };

/**
 * §2 routing rules; returns where to redirect, or null to render `path`. `search` is the query string
 * ('' or '?…'): it is kept on the way to a form page, where entry loading reads token and service_token.
 * - staff (service_token) see only the three form pages and their print document (/print), which nobody
 *   else sees;
 * - not-submitted users on /completion go to the default route; submitted students go to /completion
 *   from any other route but /review, /your-data, /passkeys and /family (read-only for them); visitors on those go to /login;
 * - logged-in students have nothing to do on /login or /signup;
 * - on first load a student goes to their last page, unless they already moved in this session.
 */
export function redirectFor(path: string, search: string, state: RouteState): string | null {
  const forms = formPaths();
  const isForm = forms.includes(path);
  if (state.kind === 'service') return isForm || path === PRINT_ROUTE ? null : DEFAULT_ROUTE + search;
  if (path === PRINT_ROUTE) return DEFAULT_ROUTE;
  if (state.kind === 'visitor')
    return path === COMPLETION_ROUTE
      ? DEFAULT_ROUTE + search
      : ACCOUNT_ROUTES.has(path) || path === RECOMMENDATIONS_ROUTE
        ? '/login'
        : null;
  // A submitted application stays readable on the review page (read-only there), and its data downloadable.
  if (state.submitted) return path === COMPLETION_ROUTE || ACCOUNT_ROUTES.has(path) ? null : COMPLETION_ROUTE;
  if (path === COMPLETION_ROUTE) return DEFAULT_ROUTE + search;
  const lastPage = state.lastPage && forms.includes(state.lastPage) && !state.hasChangedPage ? state.lastPage : null;
  if (AUTH_ENTRY_ROUTES.has(path)) return lastPage ?? DEFAULT_ROUTE;
  if (isForm && lastPage && lastPage !== path) return lastPage + search;
  return null;
}

/** The state of the request a page context belongs to (one indexed read for students, which +data reuses). */
export async function routeStateOf(pageContext: LifecyclePageContext): Promise<RouteState> {
  if (pageContext.locals?.serviceUser) return { kind: 'service' };
  const user = pageContext.locals?.user;
  if (!user) return { kind: 'visitor' };
  const row = await requestApplication(pageContext, user.id);
  return {
    kind: 'student',
    submitted: Boolean(row?.submitted_at),
    lastPage: row?.last_page ?? null,
    hasChangedPage: hasChangedPage(pageContext.services, pageContext.headersOriginal),
  };
}

/** Where the §2 rules send a page request instead, or null to render it (pages/+guard.ts, server/student-pages.server.ts). */
export async function guardTarget(
  pageContext: LifecyclePageContext & { urlPathname: string; urlParsed: { searchOriginal: string | null } },
): Promise<string | null> {
  return redirectFor(pageContext.urlPathname, pageContext.urlParsed.searchOriginal ?? '', await routeStateOf(pageContext));
}
