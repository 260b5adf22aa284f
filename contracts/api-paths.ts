/**
 * §7 paths that the form island calls and server/routes.server.ts routes, written once: a route renamed on one
 * side only cannot leave the browser calling a path nothing answers. Kept to the calls that matter most (the
 * save and Submit), imported only by the form island's own modules: each constant costs the island's chunk a
 * few bytes over a literal (measured: the other five lifecycle paths would have grown it by about 25 bytes
 * compressed), and a path another island imported too would make this module a shared chunk, one more response.
 */
export const ANSWER_PATH = '/api/answer';
export const SUBMIT_PATH = '/api/submit';
