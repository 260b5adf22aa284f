import { LANG_NAMES } from '../../form/lang.js';
import { LANG_PARAM } from '../../contracts/i18n/lang-choice.js';
import { pageLang } from '../../contracts/i18n/page-text.js';

/**
 * The language switch in every applicant page's header (docs/i18n.md): a plain link (no script needed) to this
 * page with `?lang=`, which only sets the preference cookie and comes back here. It names the other language in
 * that language, and says so (`lang`, `hreflang`), so a screen reader pronounces "Español" as Spanish.
 */
export function LanguageSwitch({ path = '' }: { path?: string }) {
  const other = pageLang() === 'en' ? 'es' : 'en';
  // `path`: a page shown again after a post names the address to come back to (its GET), not the post's.
  return (
    <a className="language-switch" href={`${path}?${LANG_PARAM}=${other}`} hrefLang={other} lang={other}>
      {LANG_NAMES[other]}
    </a>
  );
}
