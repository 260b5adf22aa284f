import { PAGE_CHANGED_COOKIE, PAGE_CHANGE_MARKER_ATTRIBUTE } from '../../contracts/page-change.js';
import { readCookie } from '../../contracts/cookies.js';

/**
 * §3 has_changed_page on the client. Call `markChangedPage()` right before any in-app move between the
 * form pages while logged in (step link, Continue, Submit's redirect): the next page then neither redirects
 * to the last page nor shows the greeting banner (§2, §4). The server reads the cookie while rendering.
 */
export function markChangedPage(): void {
  if (typeof document === 'undefined') return;
  const marker = document.querySelector(`[${PAGE_CHANGE_MARKER_ATTRIBUTE}]`)?.getAttribute(PAGE_CHANGE_MARKER_ATTRIBUTE);
  if (!marker) return; // not logged in: the rule does not apply
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // No Max-Age: a browser-session cookie, like the session cookie it belongs to.
  document.cookie = `${PAGE_CHANGED_COOKIE}=${encodeURIComponent(marker)}; Path=/; SameSite=Lax${secure}`;
}

/** Whether this session already moved to another page (the marker in the page matches the cookie). */
export function hasChangedPage(): boolean {
  if (typeof document === 'undefined') return false;
  const marker = document.querySelector(`[${PAGE_CHANGE_MARKER_ATTRIBUTE}]`)?.getAttribute(PAGE_CHANGE_MARKER_ATTRIBUTE);
  return Boolean(marker) && readCookie(document.cookie, PAGE_CHANGED_COOKIE) === marker;
}

/** Forgets the flag (at logout; a new session has another marker anyway). */
export function clearChangedPage(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${PAGE_CHANGED_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/**
 * Plain links count as page changes too (e.g. the validation summary's `/{page}#{key}` items): while
 * installed, a click on a same-origin link to another path marks the session before the browser follows
 * it. Programmatic moves (after a save) still call markChangedPage() themselves. Returns the uninstaller.
 */
export function trackPageChangeLinks(): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || link.target === '_blank' || link.hasAttribute('download')) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin === window.location.origin && url.pathname !== window.location.pathname) markChangedPage();
  };
  // Capture: the form island may stop the click to save first; the move still counts.
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
