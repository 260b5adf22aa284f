/**
 * Texts the server sends and the islands show for the same situation (§8), defined once (no server-only code here).
 */

/** No valid session: the API's 401, the plain form posts' flash, and the islands' redirect to /login. */
export const SESSION_INVALID_MESSAGE = 'Your session is invalid. Please clear your cookies and login again.';

/** An unexpected failure: the server's error handler, and an island whose call failed without a message. */
export const GENERIC_ERROR_MESSAGE = "We've encountered an unexpected error at this time. Please try again later.";
