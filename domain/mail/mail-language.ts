import type { Lang } from '../../form/lang.js';
import { ES_MAIL } from '../../contracts/i18n/es-mail.js';
import { english, translator, type Translate } from '../../contracts/i18n/translate.js';

const spanish = translator('es', ES_MAIL);

/** The translator of an e-mail to an applicant in `lang` (the account's language; docs/i18n.md). */
export function mailTranslator(lang: Lang): Translate {
  return lang === 'es' ? spanish : english;
}
