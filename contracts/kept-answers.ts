/**
 * "Not you? Clear the answers on this computer" (issue 35 finding 3): the plain form a page shows while this browser
 * keeps a visitor's answers, shared by the pages (which render it) and the server (which answers it).
 */
export const KEPT_CLEAR_PATH = '/kept-answers/clear';

/** The field naming the page to return to; only KEPT_CLEAR_RETURNS are followed, anything else goes to the first. */
export const KEPT_CLEAR_BACK = 'back';
export const KEPT_CLEAR_RETURNS = ['/about', '/education', '/final-steps', '/signup', '/login'] as const;

export const KEPT_CLEAR_LABEL = 'Not you? Clear the answers on this computer';
export const KEPT_NOTICE_TEXT =
  'The answers shown were typed on this computer without an account. They go into the next account created or logged into here, and are forgotten when the browser is closed.';
export const KEPT_CLEARED_MESSAGE = 'The answers typed on this computer were cleared.';

/** Where the form returns to, from what was posted. */
export function keptClearReturn(value: unknown): string {
  return KEPT_CLEAR_RETURNS.find((path) => path === value) ?? KEPT_CLEAR_RETURNS[0];
}
