import type { Lang } from '../../form/lang.js';
import { ES_MAIL } from '../../contracts/i18n/es-mail.js';
import { english, translator, type Translate } from '../../contracts/i18n/translate.js';

const spanish = translator('es', ES_MAIL);

/** The translator of an e-mail to an applicant in `lang` (the account's language; docs/i18n.md). */
export function mailTranslator(lang: Lang): Translate {
  return lang === 'es' ? spanish : english;
}

/**
 * The paragraphs of an e-mail to someone the applicant named (a counselor, a teacher), who may not read the
 * applicant's language: in English; when the applicant reads Spanish, in Spanish first with the English below
 * (docs/i18n.md). `compose` writes the paragraphs with the translator it is given.
 */
export function bilingual(lang: Lang, compose: (tr: Translate, lang: Lang) => string[]): string[] {
  if (lang !== 'es') return compose(english, 'en');
  return [spanish('English version below.'), ...compose(spanish, 'es'), '———', ...compose(english, 'en')];
}

/** The subject of such an e-mail: the Spanish, then the English. */
export function bilingualSubject(lang: Lang, subject: (tr: Translate) => string): string {
  return lang === 'es' ? `${subject(spanish)} / ${subject(english)}` : subject(english);
}
