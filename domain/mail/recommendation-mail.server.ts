import type { Config } from '../../platform/config.server.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';
import { universityDate } from '../after-submission/university-time.js';
import { message } from './after-submission-mail.server.js';
import { inertText, quoted } from './inert-text.js';

/** Fixed, like the counselor's: an applicant-chosen name never goes in the subject of an e-mail to a third party. */
export const RECOMMENDATION_SUBJECT = 'Recommendation request from the Office of Admissions';

export interface RecommendationMailContent {
  to: string;
  teacherName: string;
  subjectTaught: string;
  applicantName: string;
  link: string;
  expiresAt: Date;
  waived: boolean | null;
  /** 0: the invitation; 1, 2: the reminders after 7 and 14 days. */
  reminder: 0 | 1 | 2;
  id: string;
}

/** The teacher's e-mail: who asks, for whom, whether the applicant may read the letter, the single-purpose link. */
export function recommendationMail(config: Config, content: RecommendationMailContent): MailMessage {
  const subject = `${content.reminder ? 'Reminder: ' : ''}${RECOMMENDATION_SUBJECT}`;
  const applicant = quoted(content.applicantName);
  const paragraphs = [
    `Dear ${inertText(content.teacherName)},`,
    `An applicant who gave their name as ${applicant} is applying to our university as a first-year student and asked you, as their teacher of ${quoted(content.subjectTaught)}, for a letter of recommendation.`,
    content.waived === true
      ? 'The applicant has waived their right to read this letter.'
      : 'The applicant has not waived their right to read this letter: under FERPA they may ask to see it if they enroll.',
    ...(content.reminder
      ? ['We have not received your letter yet. If you have already sent it another way, thank you: you can ignore this reminder.']
      : []),
    'Send your letter here, as a file (PDF, PNG, JPEG or Word, up to 1 MB) or typed into the page. No account or password is needed; you can also decline there:',
    content.link,
    `This link is only for this letter and works until ${universityDate(content.expiresAt)}.`,
    'If you did not expect this e-mail, you can ignore it, or contact us.',
  ];
  return message(
    config,
    content.to,
    subject,
    paragraphs,
    `recommendation-${content.id}-${content.reminder}`,
    content.reminder ? 'recommendation-reminder' : 'recommendation-request',
  );
}

/**
 * A permanent refusal by the receiving mail server (a 5xx reply to RCPT TO or DATA; nodemailer rejects with its
 * `responseCode`): sending again will not help, so the address is marked rather than retried for days.
 */
export function isPermanentRefusal(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The server's reply, short, for the desk (never shown to the applicant). */
export function refusalReply(err: unknown): string {
  const reply = (err as { response?: unknown }).response;
  return (typeof reply === 'string' ? reply : String((err as Error).message)).slice(0, 300);
}
