import type { Config } from '../../platform/config.server.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';
import { message } from './after-submission-mail.server.js';
import type { Lang } from '../../form/lang.js';
import { mailTranslator } from './mail-language.js';

export type ReminderThreshold = '7d' | '2d' | '6h';

/** How long is left, as the English of ES_DEADLINES. */
export const REMINDER_LEFT: Record<ReminderThreshold, string> = {
  '7d': 'less than a week',
  '2d': 'less than two days',
  '6h': 'only a few hours',
};

/**
 * The reminder an applicant with an unsubmitted application gets before a deadline (issue 40): how long is left,
 * the deadline in the university's zone, where to sign in, and the link to stop these e-mails. No answers. In the
 * account's language (users.language): `deadline` and `roundLabel` come in English and are worded here.
 */
export function deadlineReminderMail(
  config: Config,
  content: {
    to: string;
    userId: string;
    roundLabel: string;
    deadline: string;
    threshold: ReminderThreshold;
    roundName: string;
    stopUrl: string;
    lang?: Lang;
  },
): MailMessage {
  const lang = content.lang ?? 'en';
  const t = mailTranslator(lang);
  const words = { round: t(content.roundLabel), left: t(REMINDER_LEFT[content.threshold]), deadline: content.deadline };
  const subject = t('{{round}} deadline: {{left}} left to submit your application', words);
  const paragraphs = [
    t('Hello,'),
    t(
      'You have a Freshman Application account, but your application is not submitted yet. The {{round}} deadline is {{deadline}}, {{left}} from now.',
      words,
    ),
    t('Your answers are saved. Sign in to finish and submit your application:'),
    `${config.publicUrl}/login`,
    t('If you have already decided not to apply, or you do not want these reminders, you can stop them here:'),
    content.stopUrl,
  ];
  return message(
    config,
    content.to,
    subject,
    paragraphs,
    `deadline-${content.roundName}-${content.threshold}-${content.userId}`,
    'deadline-reminder',
    lang,
  );
}
