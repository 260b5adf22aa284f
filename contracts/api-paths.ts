/**
 * The §7 JSON API's paths that an island calls and server/routes.server.ts routes, written once: a route
 * renamed on one side only would leave the browser calling a path nothing answers.
 */
export const SESSION_PATH = '/api/session';
export const LOGOUT_PATH = '/api/logout';
export const ANSWER_PATH = '/api/answer';
export const LAST_PAGE_PATH = '/api/last-page';
export const WEB_STATUS_PATH = '/api/web-status';
export const VALIDATIONS_PATH = '/api/validations';
export const ADD_ANOTHER_PATH = '/api/add-another';
export const TABS_PATH = '/api/tabs';
export const SUBMIT_PATH = '/api/submit';
export const APPLICATION_PDF_PATH = '/api/pdf';
export const PRESIGNED_URL_PATH = '/api/presigned-url';
/** Also with `/:key`, one document answer. */
export const DOCUMENT_ANSWER_PATH = '/api/document-answer';
/** With `/:key`: a document's conversion to PDF. */
export const DOCUMENT_CONVERSION_PATH = '/api/pdf/document-answer';
export const LOOKUP_FIND_PATH = '/lookup/find';
