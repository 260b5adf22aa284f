/**
 * The Spanish of the form's texts, looked up by their English (docs/i18n.md). The server fills it from the
 * definition's `…Es` siblings, the Spanish option lists and messages (form/i18n/spanish-table.ts); the browser fills
 * it from the page's JSON (islands/hydrate.ts), since the client build leaves the `…Es` siblings out
 * (vite.config.ts stripSpanishFromClient): an English page's scripts carry no Spanish, a Spanish page's get it as data.
 */
let texts: ReadonlyMap<string, string> = new Map();
let version = 0;

export function setSpanishTexts(table: Readonly<Record<string, string>> | ReadonlyMap<string, string>): void {
  texts = table instanceof Map ? table : new Map(Object.entries(table));
  version += 1;
}

/** Changes with each setSpanishTexts: what was localized with an older table is localized again (form/definition.ts). */
export function spanishTextsVersion(): number {
  return version;
}

/** The Spanish of an English text of the form, or undefined when none is known. */
export function spanishText(english: string): string | undefined {
  return texts.get(english);
}
