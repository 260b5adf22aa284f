import { DEFAULT_LANG, isLang, type Lang } from '../../form/lang.js';

/** The preference cookie (not a secret, readable by scripts): set by `?lang=` (a plain link, docs/i18n.md). */
export const LANG_COOKIE = 'lang';
/** The query parameter of the language switch: `?lang=es`. */
export const LANG_PARAM = 'lang';

/**
 * The language an Accept-Language header asks for first among ours (RFC 9110, section 12.5.4: weights, then order);
 * null when it names none of them.
 */
export function langFromAcceptLanguage(header: string | undefined): Lang | null {
  if (!header) return null;
  let best: { lang: Lang; q: number; at: number } | null = null;
  header
    .split(',')
    .slice(0, 20)
    .forEach((part, at) => {
      const [tag = '', ...params] = part.trim().split(';');
      const primary = tag.trim().toLowerCase().split('-')[0];
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      if (!isLang(primary) || !(q > 0)) return;
      if (!best || q > best.q) best = { lang: primary, q, at };
    });
  return (best as { lang: Lang } | null)?.lang ?? null;
}

/** The request's language: the switch's query, else the preference cookie, else the account's, else the browser's. */
export function chooseLang(choices: { query?: unknown; cookie?: unknown; account?: unknown; acceptLanguage?: string }): Lang {
  if (isLang(choices.query)) return choices.query;
  if (isLang(choices.cookie)) return choices.cookie;
  if (isLang(choices.account)) return choices.account;
  return langFromAcceptLanguage(choices.acceptLanguage) ?? DEFAULT_LANG;
}

/** The element holding an island page's texts in its language (pages/+onRenderHtml.tsx → islands/hydrate.ts). */
export const CATALOGUE_ELEMENT_ID = 'page-texts';
