import type { Config } from '../../platform/config.server.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';
import { message } from './after-submission-mail.server.js';

export type ReminderThreshold = '7d' | '2d' | '6h';

const LEFT: Record<ReminderThreshold, string> = { '7d': 'less than a week', '2d': 'less than two days', '6h': 'only a few hours' };

/**
 * The reminder an applicant with an unsubmitted application gets before a deadline (issue 40): how long is left,
 * the deadline in the university's zone, where to sign in, and the link to stop these e-mails. No answers.
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
  },
): MailMessage {
  const subject = `${content.roundLabel} deadline: ${LEFT[content.threshold]} left to submit your application`;
  const paragraphs = [
    'Hello,',
    `You have a Freshman Application account, but your application is not submitted yet. The ${content.roundLabel} deadline is ${content.deadline}, ${LEFT[content.threshold]} from now.`,
    'Your answers are saved. Sign in to finish and submit your application:',
    `${config.publicUrl}/login`,
    'If you have already decided not to apply, or you do not want these reminders, you can stop them here:',
    content.stopUrl,
  ];
  return message(
    config,
    content.to,
    subject,
    paragraphs,
    `deadline-${content.roundName}-${content.threshold}-${content.userId}`,
    'deadline-reminder',
  );
}
