import { DEFAULT_LANG, type Lang } from '../../form/lang.js';
import { english, translator, type Catalogue, type TextParams, type Translate } from './translate.js';

/**
 * The language of the page being rendered, for pages/, views/ and islands/ (docs/i18n.md). One page is in one
 * language: the browser sets it once from the page's JSON (islands/hydrate.ts) before any island renders;
 * the server sets it right before each page's synchronous render (pages/+onRenderHtml.tsx), so two requests
 * never interleave. Server code outside a render (e-mails, API messages) takes an explicit translator instead
 * (server/i18n/, domain/mail/).
 */
let current: { lang: Lang; translate: Translate } = { lang: DEFAULT_LANG, translate: english };

export function setPageLanguage(lang: Lang, catalogue: Catalogue): void {
  current = { lang, translate: lang === DEFAULT_LANG ? english : translator(lang, catalogue) };
}

/** The page's text for an English text of the catalogue: `t('Log In')`, `t('Step {{n}}', { n: 2 })`. */
export function t(englishText: string, params?: TextParams): string {
  return current.translate(englishText, params);
}

/** The page's language (`lang` attributes, the form definition's language). */
export function pageLang(): Lang {
  return current.lang;
}
