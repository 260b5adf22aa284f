/**
 * Radix's modal dialogs lock page scrolling with a <style> element (react-remove-scroll, via
 * react-style-singleton), which our strict CSP blocks unless it carries the page's nonce. That library
 * takes its nonce from get-nonce, which falls back to the global `__webpack_nonce__`: hand it the nonce
 * of the page's own script element (style-src allows the same nonce). Idempotent; a no-op on the server.
 */
export function shareStyleNonce(): void {
  if (typeof document === 'undefined') return;
  const global = globalThis as { __webpack_nonce__?: string };
  if (global.__webpack_nonce__) return;
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) global.__webpack_nonce__ = nonce;
}
