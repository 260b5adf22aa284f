import type { Config } from '../../platform/config.server.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';
import { message } from './after-submission-mail.server.js';
import { universityDate } from '../after-submission/university-time.js';
import type { Lang } from '../../form/lang.js';
import { mailTranslator } from './mail-language.js';

export const RETENTION_WARNING_SUBJECT = 'Your unsubmitted application will be deleted';

/**
 * The warning an idle, unsubmitted account gets 30 days before the retention job deletes it (issue 27): when,
 * why, and how to keep it (sign in) or take a copy first. No answers and no name: only that there is an account.
 * In the account's language (users.language).
 */
export function retentionWarningMail(
  config: Config,
  content: { to: string; deleteAfter: Date; inactiveMonths: number; userId: string; warnedAt: Date; lang?: Lang },
): MailMessage {
  const lang = content.lang ?? 'en';
  const t = mailTranslator(lang);
  const paragraphs = [
    t('Hello,'),
    t(
      'Your Freshman Application account has not been used for a long time and the application in it was never submitted. To protect your personal data we delete such accounts after {{months}} months without use.',
      { months: content.inactiveMonths },
    ),
    t('Your account, its answers and its documents will be deleted on or after {{date}}.', {
      date: universityDate(content.deleteAfter, config.timeZone, lang),
    }),
    t('To keep it, simply sign in before then:'),
    `${config.publicUrl}/login`,
    t('You can also download a copy of your data, or delete the account yourself, on the "Review your application" page after signing in.'),
    t('If you did not create this account, you can ignore this e-mail.'),
  ];
  return message(
    config,
    content.to,
    t(RETENTION_WARNING_SUBJECT),
    paragraphs,
    `retention-${content.userId}-${content.warnedAt.getTime()}`,
    'retention-warning',
    lang,
  );
}
