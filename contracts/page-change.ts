/**
 * §3 `has_changed_page` ("already moved to another page in this session"), shared by the server and the
 * islands (no server-only code here).
 *
 * The form pages are separate documents, so the flag must survive a page load and the server must see it:
 * the first-load redirect to the last page (§2) and the banner's hiding rule (§4) are decided while
 * rendering, with no flash of the wrong page or banner. A client-set session cookie carries it. Its value
 * is a marker the server derives from the current session (see page-data.server.ts), so a flag left over
 * from an earlier login, another account or another device never counts.
 */
export const PAGE_CHANGED_COOKIE = 'freshman.pageChanged';

/** Where the server puts the current session's marker in a form page (read by markChangedPage). */
export const PAGE_CHANGE_MARKER_ATTRIBUTE = 'data-page-change-marker';
