import rosetta from 'rosetta';
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
 * A translator over one language's catalogue (rosetta looks the text up and fills its placeholders). A text the
 * catalogue lacks is shown in English: a reader sees a mixed page rather than a broken one, and
 * test/unit/i18n-completeness.test.ts fails the build for it.
 */
export function translator(lang: Lang, catalogue: Catalogue): Translate {
  if (lang === 'en') return fillIn;
  const texts = rosetta<Catalogue>({ [lang]: catalogue });
  texts.locale(lang);
  // An array key: English texts hold dots, which rosetta would otherwise read as a path.
  return (english, params) => texts.t([english], params) || fillIn(english, params);
}

/** English itself: the staff desk, the PDF and the office's e-mails. */
export const english: Translate = fillIn;
