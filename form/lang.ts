/**
 * The languages the applicant's side speaks (issue 41, docs/i18n.md). English is the default and the office's
 * only language: the staff desk, the PDF and stored answers (option values; `_desc` labels) stay English.
 */
export const LANGS = ['en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** The language an account reads (users.language, migration 200): the default when never recorded. */
export function accountLang(language: string | null | undefined): Lang {
  return isLang(language) ? language : DEFAULT_LANG;
}

/** The `lang` attribute and the switch's `hreflang` of each language, and its name in itself. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = { en: 'English', es: 'Español' };
