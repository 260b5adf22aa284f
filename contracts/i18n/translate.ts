import type { Lang } from '../../form/lang.js';

/** Values put into a text's `{{name}}` placeholders. */
export type TextParams = Readonly<Record<string, string | number>>;

/**
 * Translates an English text (the catalogue's key is the English text itself, gettext's way: a page reads as it
 * renders in English, and a new text needs no invented key) into the reader's language. docs/i18n.md.
 */
export type Translate = (english: string, params?: TextParams) => string;

/** A Spanish catalogue: English text → Spanish text, with the same `{{placeholders}}`. */
export type Catalogue = Readonly<Record<string, string>>;

const fillIn = (text: string, params?: TextParams): string =>
  params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;

/**
 * A translator over one language's catalogue: look the text up, fill its placeholders (ADR 0410: a flat lookup,
 * no ICU; rosetta did the same for 0.55 KB more in every island page's scripts). A text the catalogue lacks is
 * shown in English: a reader sees a mixed page rather than a broken one, and test/unit/i18n-catalogue.test.ts
 * fails the build for it.
 */
export function translator(lang: Lang, catalogue: Catalogue): Translate {
  if (lang === 'en') return fillIn;
  return (englishText, params) => fillIn(Object.hasOwn(catalogue, englishText) ? catalogue[englishText]! : englishText, params);
}

/** English itself: the staff desk, the PDF and the office's e-mails. */
export const english: Translate = fillIn;
