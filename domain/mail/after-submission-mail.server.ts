import type { Config } from '../../platform/config.server.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';
import { universityDate } from '../after-submission/university-time.js';
import { escapeHtml } from '../../contracts/escape-html.js';
import { inertText, quoted } from './inert-text.js';
import type { Lang } from '../../form/lang.js';
import { bilingual, bilingualSubject, mailTranslator } from './mail-language.js';

function contactLines(config: Config, lang: Lang): string[] {
  const { officePhone, officeEmail, helpEmail } = config.contacts;
  const t = mailTranslator(lang);
  return [
    t('Office of Admissions'),
    t('Phone: {{phone}}', { phone: officePhone }),
    t('E-mail: {{email}}', { email: officeEmail }),
    t('Technical help: {{email}}', { email: helpEmail }),
  ];
}

/** Text and HTML from the same paragraphs (a paragraph that is a URL becomes a link in the HTML). */
/** `kind` names the message in logs and metrics: a fixed word, since the counselor's subject names the applicant. */
/** `lang`: the language the e-mail opens in (a bilingual e-mail opens in Spanish). */
export function message(
  config: Config,
  to: string,
  subject: string,
  paragraphs: string[],
  messageId: string,
  kind: string,
  lang: Lang = 'en',
): MailMessage {
  const contacts = contactLines(config, lang);
  const text = [...paragraphs, contacts.join('\n')].join('\n\n');
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family: system-ui, sans-serif; font-size: 16px; color: #1b1b1b">
${paragraphs.map((p) => (/^https?:\/\/\S+$/.test(p) ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)).join('\n')}
<p>${contacts.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  const domain = new URL(config.publicUrl).hostname || 'localhost';
  return { to, subject, text: `${text}\n`, html, messageId: `<${messageId}@${domain}>`, kind };
}

export interface CounselorMailContent {
  to: string;
  counselorName: string;
  applicantName: string;
  schoolName: string;
  link: string;
  expiresAt: Date;
  /** 0: the request; 1, 2: the reminders after 7 and 14 days. */
  reminder: 0 | 1 | 2;
  requestId: string;
  /** The applicant's language (users.language): Spanish sends the Spanish with the English below. */
  lang?: Lang;
}

/**
 * Fixed: the applicant's name is never in the subject of an e-mail to a third party (an applicant could
 * otherwise send "ACTION NEEDED: <link>" from the office's address to any inbox).
 */
export const COUNSELOR_SUBJECT = 'Transcript request from the Office of Admissions';

/**
 * The counselor's e-mail: who asks, for which applicant and school, the single-purpose link, and the office's
 * contacts. Every applicant-chosen text (names, school) is quoted and made inert (domain/mail/inert-text.ts).
 */
export function counselorRequestMail(config: Config, content: CounselorMailContent): MailMessage {
  const lang = content.lang ?? 'en';
  const subject = bilingualSubject(lang, (tr) =>
    content.reminder ? tr('Reminder: {{subject}}', { subject: tr(COUNSELOR_SUBJECT) }) : tr(COUNSELOR_SUBJECT),
  );
  const applicant = quoted(content.applicantName);
  const paragraphs = bilingual(lang, (tr, in_) => [
    content.counselorName ? tr('Dear {{name}},', { name: inertText(content.counselorName) }) : tr('Dear counselor,'),
    content.schoolName
      ? tr(
          'An applicant who gave their name as {{applicant}} has applied to our university as a first-year student and named you as their high school counselor at {{school}}. The Office of Admissions asks you to send their high school transcript.',
          { applicant, school: quoted(content.schoolName) },
        )
      : tr(
          'An applicant who gave their name as {{applicant}} has applied to our university as a first-year student and named you as their high school counselor. The Office of Admissions asks you to send their high school transcript.',
          { applicant },
        ),
    ...(content.reminder
      ? [tr('We have not received the transcript yet. If you have already sent it another way, thank you: you can ignore this reminder.')]
      : []),
    tr('Upload it here (no account or password is needed; PDF, PNG, JPEG or Word, up to 1 MB):'),
    content.link,
    tr(
      'This link is only for this transcript and works until {{date}}. If {{applicant}} is not your student, open the link and choose "This is not my student" so we can tell them.',
      { date: universityDate(content.expiresAt, undefined, in_), applicant },
    ),
    tr('If you did not expect this e-mail, you can ignore it, or contact us.'),
  ]);
  return message(
    config,
    content.to,
    subject,
    paragraphs,
    `counselor-${content.requestId}-${content.reminder}`,
    content.reminder ? 'counselor-reminder' : 'counselor-request',
    lang,
  );
}

export const DECISION_SUBJECT = 'An update on your application';

/** The applicant's e-mail when a decision is released: a sign-in link, never the decision itself. In their language. */
export function decisionReleasedMail(
  config: Config,
  content: { to: string; applicantName: string; reference: string | null; userId: string; lang?: Lang },
): MailMessage {
  const lang = content.lang ?? 'en';
  const t = mailTranslator(lang);
  const paragraphs = [
    content.applicantName ? t('Dear {{name}},', { name: content.applicantName }) : t('Hello,'),
    content.reference
      ? t('There is an update on your Freshman Application (reference {{reference}}). Sign in to read it:', {
          reference: content.reference,
        })
      : t('There is an update on your Freshman Application. Sign in to read it:'),
    `${config.publicUrl}/login`,
    t('For your privacy this e-mail does not say what the update is.'),
  ];
  return message(config, content.to, t(DECISION_SUBJECT), paragraphs, `decision-${content.userId}`, 'decision-released', lang);
}

export const TRANSCRIPT_REJECTED_SUBJECT = 'Your high school transcript: we need it from your counselor';

/** The applicant's e-mail when the office did not accept the counselor's upload as official: sign in and give a new address. */
export function transcriptRejectedMail(
  config: Config,
  content: { to: string; applicantName: string; userId: string; at: Date; lang?: Lang },
): MailMessage {
  const lang = content.lang ?? 'en';
  const t = mailTranslator(lang);
  const paragraphs = [
    content.applicantName ? t('Dear {{name}},', { name: content.applicantName }) : t('Hello,'),
    t(
      'The Office of Admissions could not accept the transcript sent for your application as an official one from your high school. Sign in and give us your counselor’s school e-mail address so that we can ask them for it:',
    ),
    `${config.publicUrl}/completion`,
  ];
  return message(
    config,
    content.to,
    t(TRANSCRIPT_REJECTED_SUBJECT),
    paragraphs,
    `transcript-rejected-${content.userId}-${content.at.getTime()}`,
    'transcript-rejected',
    lang,
  );
}
