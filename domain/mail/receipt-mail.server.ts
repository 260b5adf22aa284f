import type { Config } from '../../platform/config.server.js';
import { formatLocalTime } from '../../form/local-time.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';
import { escapeHtml } from '../../contracts/escape-html.js';
import type { Lang } from '../../form/lang.js';
import { mailTranslator } from './mail-language.js';

/**
 * Largest application PDF sent as an attachment: 7 MB is about 9.5 MB once base64-encoded, under the 10 MB
 * many school and family mail systems still accept. A larger PDF (many scanned documents) is not attached;
 * the receipt links to the sign-in page, where /completion offers the download.
 */
export const RECEIPT_ATTACHMENT_MAX_BYTES = 7 * 1024 * 1024;

/** What happens after submitting (§1 "congratulations and next steps"), as the receipt says it. */
export const RECEIPT_NEXT_STEPS = [
  'We review your application and send you our admission decision by e-mail within two weeks.',
  'You are considered for scholarships automatically; there is nothing else to fill in.',
  'Watch your e-mail, including the spam folder, for messages from the Office of Admissions.',
] as const;

export interface ReceiptContent {
  to: string;
  reference: string;
  submittedAt: Date;
  applicantName: string;
  /** The application PDF when it is ready and small enough; otherwise the receipt links to sign in. */
  pdf: { content: Buffer; filename: string } | null;
  /** Why there is no attachment, said to the applicant ('too-large' or 'not-ready'); ignored with a PDF. */
  missingPdf?: 'too-large' | 'not-ready';
  /** Identifies this receipt e-mail (its Message-ID), the same on every attempt to send it. */
  receiptId: string;
  /** The applicant's language (the account's, migration 200); English when unknown. */
  lang?: Lang;
}

/** "November 25, 2026 at 11:30 PM MST": the university's zone (TIME_ZONE), named, so the time is never ambiguous. */
export function receiptTime(date: Date, timeZone: string, lang: Lang = 'en'): string {
  return formatLocalTime(date, timeZone, lang);
}

export const RECEIPT_SUBJECT_PREFIX = 'Application received';

/** The receipt e-mail of a submission: reference, time, next steps, the PDF (or where to get it), contacts. */
export function receiptMail(config: Config, receipt: ReceiptContent): MailMessage {
  const lang = receipt.lang ?? 'en';
  const t = mailTranslator(lang);
  const { helpEmail, officePhone, officeEmail } = config.contacts;
  const signInUrl = `${config.publicUrl}/login`;
  const greeting = receipt.applicantName ? t('Dear {{name}},', { name: receipt.applicantName }) : t('Hello,');
  const intro = t('Thank you for applying. We have received your Freshman Application.');
  const submitted = receiptTime(receipt.submittedAt, config.timeZone, lang);
  const facts = [t('Reference: {{reference}}', { reference: receipt.reference }), t('Submitted: {{time}}', { time: submitted })];
  const keep = t('Keep this e-mail: quote your reference whenever you contact us about your application.');
  const pdfLine = receipt.pdf
    ? t('A PDF of your application is attached for your records.')
    : receipt.missingPdf === 'too-large'
      ? t('The PDF of your application is too large to attach. Sign in to download it:')
      : t('The PDF of your application is still being prepared. Sign in to download it when it is ready:');
  const steps = RECEIPT_NEXT_STEPS.map((step) => t(step));
  const contacts = [
    t('Office of Admissions'),
    t('Phone: {{phone}}', { phone: officePhone }),
    t('E-mail: {{email}}', { email: officeEmail }),
    t('Technical help: {{email}}', { email: helpEmail }),
  ];
  const questions = t('Questions? Call us at {{phone}} or e-mail {{email}}.', { phone: officePhone, email: officeEmail });
  const text = [
    greeting,
    intro,
    facts.join('\n'),
    keep,
    receipt.pdf ? pdfLine : `${pdfLine}\n${signInUrl}`,
    `${t('What happens next:')}\n${steps.map((step) => `- ${step}`).join('\n')}`,
    questions,
    contacts.join('\n'),
  ].join('\n\n');
  const tel = `<a href="tel:${escapeHtml(officePhone.replace(/[^0-9+]/g, ''))}">${escapeHtml(officePhone)}</a>`;
  const mailto = `<a href="mailto:${escapeHtml(officeEmail)}">${escapeHtml(officeEmail)}</a>`;
  const subject = t('{{prefix}}: your Freshman Application {{reference}}', {
    prefix: t(RECEIPT_SUBJECT_PREFIX),
    reference: receipt.reference,
  });
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(t(RECEIPT_SUBJECT_PREFIX))}</title></head><body style="font-family: system-ui, sans-serif; font-size: 16px; color: #1b1b1b">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(t('Reference:'))} <strong>${escapeHtml(receipt.reference)}</strong><br>${escapeHtml(t('Submitted: {{time}}', { time: submitted }))}</p>
<p>${escapeHtml(keep)}</p>
<p>${escapeHtml(pdfLine)}${receipt.pdf ? '' : ` <a href="${escapeHtml(signInUrl)}">${escapeHtml(t('Sign in to your application'))}</a>`}</p>
<h2 style="font-size: 18px">${escapeHtml(t('What happens next'))}</h2>
<ul>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ul>
<p>${t('Questions? Call us at {{phone}} or e-mail {{email}}.', { phone: tel, email: mailto })}</p>
<p>${contacts.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  const domain = new URL(config.publicUrl).hostname || 'localhost';
  return {
    to: receipt.to,
    subject,
    text: `${text}\n`,
    html,
    messageId: `<receipt-${receipt.receiptId}@${domain}>`,
    kind: 'receipt',
    ...(receipt.pdf
      ? { attachments: [{ filename: receipt.pdf.filename, content: receipt.pdf.content, contentType: 'application/pdf' }] }
      : {}),
  };
}
