/**
 * The notice page is only ever rendered by server/notice-page.server.ts, for the request that failed (a GET of
 * /notice redirects like any unknown path): the §2 routing of pages/+guard.ts, which would send a submitted
 * applicant to /completion, must not replace the answer. vike guards are not cumulative, so this one replaces the root's.
 */
export function guard(): void {}
