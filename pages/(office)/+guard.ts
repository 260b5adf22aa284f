/**
 * Office pages are let through by the route map's own guards (`staff`, `signed`: server/routes.server.ts), which
 * run before the page renders; the §2 routing of pages/+guard.ts (the applicant's pages) does not apply here.
 * vike guards are not cumulative, so this one replaces the root's.
 */
export function guard(): void {}
