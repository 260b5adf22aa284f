import type { Config } from '../../platform/config.server.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';
import type { Lang } from '../../form/lang.js';
import { formatLocalTime } from '../../form/local-time.js';
import { message } from './after-submission-mail.server.js';
import { mailTranslator } from './mail-language.js';

export const REPLY_CONFIRMATION_SUBJECT = 'We received your reply';

export interface ReplyConfirmationContent {
  to: string;
  applicantName: string;
  reference: string | null;
  userId: string;
  /** The reply's version: one e-mail per recorded reply (its Message-ID). */
  version: number;
  repliedAt: Date;
  /** Recorded by the office (a lead), not by the applicant on /completion. */
  byOffice: boolean;
  /** The last minute the applicant may still change it ("May 1, 2027 at 11:59 PM MDT"), or null once passed. */
  changeUntil: string | null;
  lang: Lang;
}

/**
 * The applicant's confirmation of a reply to an offer (issue 39's reply, this e-mail later): when it was recorded,
 * until when it can be changed, and a sign-in link. Like the decision's e-mail it does not say what the reply is:
 * a family's shared inbox learns only that there was one. It is also how an applicant learns of a reply they did
 * not make (someone else at their session, or the office recording one by mistake).
 */
export function replyConfirmationMail(config: Config, content: ReplyConfirmationContent): MailMessage {
  const t = mailTranslator(content.lang);
  const time = formatLocalTime(content.repliedAt, config.timeZone, content.lang);
  const reference = content.reference ?? '';
  const paragraphs = [
    content.applicantName ? t('Dear {{name}},', { name: content.applicantName }) : t('Hello,'),
    content.byOffice
      ? t('The Office of Admissions recorded a reply for your Freshman Application (reference {{reference}}) on {{time}}.', {
          reference,
          time,
        })
      : t('We received your reply for your Freshman Application (reference {{reference}}) on {{time}}.', { reference, time }),
    t('For your privacy this e-mail does not say what the reply is. Sign in to read it:'),
    `${config.publicUrl}/login`,
    ...(content.changeUntil ? [t('You can change it until {{date}}.', { date: content.changeUntil })] : []),
    t('If this is not the reply you meant to give, contact us at once.'),
  ];
  return message(
    config,
    content.to,
    t(REPLY_CONFIRMATION_SUBJECT),
    paragraphs,
    `reply-${content.userId}-${content.version}`,
    'reply-confirmation',
    content.lang,
  );
}
