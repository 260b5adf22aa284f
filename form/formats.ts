/** Input formats of §3 and §5: the patterns validation uses and the as-you-type formatters of masked inputs. */

/** §5 home and cell phones: optional-parenthesised area code, 3 digits, hyphen, 4 digits. */
export const PHONE_PATTERN = /^(\(\d{3}\)|\d{3})[ -]?\d{3}-\d{4}$/;

/** §5 parents' phones: as above, and the area and exchange codes start with 2–9 (North American numbering). */
export const PARENT_PHONE_PATTERN = /^(\([2-9]\d{2}\)|[2-9]\d{2})[ -]?[2-9]\d{2}-\d{4}$/;

/** §3 social-security style numbers: 3-2-4 digits with hyphens. */
export const SSN_PATTERN = /^\d{3}-\d{2}-\d{4}$/;

function digits(typed: string, max: number): string {
  return typed.replace(/\D/g, '').slice(0, max);
}

/** §3: a phone is formatted (xxx) xxx-xxxx while it is typed; partial input gives the partial mask. */
export function formatPhone(typed: string): string {
  const d = digits(typed, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** §3: a social-security style number is formatted 3-2-4 digits with hyphens while it is typed. */
export function formatSsn(typed: string): string {
  const d = digits(typed, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}
