/**
 * Issue 38: a tab switch that would delete uploaded documents (§4) asks first, naming them, with scripts (a
 * dialog) and without (the page shows the question with two submit buttons). One wording for both.
 */
/** The files as one phrase: "a, b and c" (in Spanish "a, b y c", `and` given by the page's language). */
export function namedFiles(files: readonly string[], and = 'and'): string {
  return files.length < 2 ? (files[0] ?? '') : `${files.slice(0, -1).join(', ')} ${and} ${files.at(-1)!}`;
}
const named = (files: readonly string[]) => namedFiles(files);

export const TAB_SWITCH_MESSAGES = {
  question: (files: readonly string[]) => `Switching removes ${named(files)}`,
  /** The dialog's confirming button (its title names the files). */
  switch: 'Switch',
  /** Without scripts the button stands alone in the page: it names what it removes. */
  switchAndRemove: (files: readonly string[]) => `Switch and remove ${named(files)}`,
  keep: 'Keep it',
} as const;
