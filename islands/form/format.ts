/**
 * Caret placement for the masked inputs (the masks themselves are form/formats.ts): after formatting, the
 * caret goes just after the same number of digits that preceded it in the raw text, so editing in the
 * middle of a number does not throw the caret to the end.
 */
export function caretAfterFormat(raw: string, caret: number, formatted: string): number {
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  if (digitsBefore === 0) {
    const first = formatted.search(/\d/);
    return first === -1 ? formatted.length : first;
  }
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
