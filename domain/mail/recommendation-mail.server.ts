import type { Config } from '../../platform/config.server.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';
import { universityDate } from '../after-submission/university-time.js';
import { message } from './after-submission-mail.server.js';
import { inertText, quoted } from './inert-text.js';
import type { Lang } from '../../form/lang.js';
import { bilingual, bilingualSubject } from './mail-language.js';

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
  /** The applicant's language (users.language): Spanish sends the Spanish with the English below. */
  lang?: Lang;
}

/** The teacher's e-mail: who asks, for whom, whether the applicant may read the letter, the single-purpose link. */
export function recommendationMail(config: Config, content: RecommendationMailContent): MailMessage {
  const lang = content.lang ?? 'en';
  const subject = bilingualSubject(lang, (tr) =>
    content.reminder ? tr('Reminder: {{subject}}', { subject: tr(RECOMMENDATION_SUBJECT) }) : tr(RECOMMENDATION_SUBJECT),
  );
  const applicant = quoted(content.applicantName);
  const paragraphs = bilingual(lang, (tr, in_) => [
    tr('Dear {{name}},', { name: inertText(content.teacherName) }),
    tr(
      'An applicant who gave their name as {{applicant}} is applying to our university as a first-year student and asked you, as their teacher of {{subject}}, for a letter of recommendation.',
      { applicant, subject: quoted(content.subjectTaught) },
    ),
    content.waived === true
      ? tr('The applicant has waived their right to read this letter.')
      : tr('The applicant has not waived their right to read this letter: under FERPA they may ask to see it if they enroll.'),
    ...(content.reminder
      ? [tr('We have not received your letter yet. If you have already sent it another way, thank you: you can ignore this reminder.')]
      : []),
    tr(
      'Send your letter here, as a file (PDF, PNG, JPEG or Word, up to 1 MB) or typed into the page. No account or password is needed; you can also decline there:',
    ),
    content.link,
    tr('This link is only for this letter and works until {{date}}.', { date: universityDate(content.expiresAt, undefined, in_) }),
    tr('If you did not expect this e-mail, you can ignore it, or contact us.'),
  ]);
  return message(
    config,
    content.to,
    subject,
    paragraphs,
    `recommendation-${content.id}-${content.reminder}`,
    content.reminder ? 'recommendation-reminder' : 'recommendation-request',
    lang,
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
