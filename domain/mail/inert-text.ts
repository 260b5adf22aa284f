/**
 * Text an applicant chose (a name, a school) inside an e-mail to someone else: shown as data, never as a link
 * a mail client would make of it. Dots become a one-dot leader, "://" loses its colon and "@" becomes a
 * full-width at, so "http://evil.example/sso" or "x@evil.example" reads the same but no client links it,
 * in the plain text and in the HTML alike.
 */
export function inertText(text: string): string {
  return text
    .replace(/\./g, '\u2024')
    .replace(/:(?=\/)/g, '\u2236')
    .replace(/@/g, '\uFF20');
}

/** The applicant-chosen text in quotation marks, so it reads as a quoted name, not as the office's words. */
export function quoted(text: string): string {
  return `“${inertText(text)}”`;
}
