import type { AppServices } from '../../platform/app-services.server.js';
import { findReply, type ReplyAnswer } from '../../db/repos/replies.server.js';
import { universityDate } from '../../domain/after-submission/university-time.js';
import type { Lang } from '../../form/lang.js';
import { translator } from '../../contracts/i18n/translate.js';
import { ES_PAGES } from '../../contracts/i18n/es-catalogue.js';

/** The reply in the third person, as a family member reads it on the status page. */
export const FAMILY_REPLY_WORDS: Record<ReplyAnswer, string> = {
  enroll: 'Will enroll',
  decline: 'Will not enroll',
  stay: 'Stays on the waitlist',
  leave: 'Left the waitlist',
};

/**
 * The applicant's reply to an offer of admission, in words a family member reads ("Will enroll (replied on May 1,
 * 2027)."), or null while there is none: only the reply and its date, never the college named instead or the
 * reason given for a deposit waiver.
 */
export async function familyOfferReply(services: AppServices, userId: string, lang: Lang = 'en'): Promise<string | null> {
  const reply = await findReply(services.db.knex, userId);
  if (!reply) return null;
  const t = translator(lang, ES_PAGES);
  const date = universityDate(reply.replied_at, services.config.timeZone, lang);
  return t('{{reply}} (replied on {{date}}).', { reply: t(FAMILY_REPLY_WORDS[reply.answer]), date });
}
