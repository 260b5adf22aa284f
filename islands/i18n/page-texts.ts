import { setPageLanguage } from '../../contracts/i18n/page-text.js';
import { CATALOGUE_ELEMENT_ID } from '../../contracts/i18n/lang-choice.js';
import { isLang } from '../../form/lang.js';
import { setSpanishTexts } from '../../form/i18n/spanish-texts.js';

/**
 * The page's language (`<html lang>`) and, on a page in another language than English, the texts its islands show:
 * the catalogue's island part and, on a form page, the form's Spanish (pages/+onRenderHtml.tsx writes them as one JSON
 * element; docs/i18n.md). Called once, before any island renders, so the browser renders what the server did.
 */
export function takePageTexts(): void {
  const lang = document.documentElement.lang;
  if (!isLang(lang) || lang === 'en') return;
  const json = document.getElementById(CATALOGUE_ELEMENT_ID)?.textContent;
  const given = json ? (JSON.parse(json) as { texts?: Record<string, string>; form?: Record<string, string> }) : {};
  setPageLanguage(lang, given.texts ?? {});
  if (given.form) setSpanishTexts(given.form);
}
