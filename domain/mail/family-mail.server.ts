import { randomUUID } from 'node:crypto';
import type { Config } from '../../platform/config.server.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';
import type { Lang } from '../../form/lang.js';
import { english, type Translate } from '../../contracts/i18n/translate.js';
import { message } from './after-submission-mail.server.js';
import { mailTranslator } from './mail-language.js';
import { inertText, quoted } from './inert-text.js';
import { FAMILY_CODE_MINUTES } from '../../contracts/family.js';

/**
 * Family access e-mails (issue 39). Both go to someone other than the applicant, so their subjects are fixed and
 * what the applicant typed (the names) appears only in the body, quoted and inert (domain/mail/inert-text.ts). Neither
 * carries a link that signs anyone in: the sign-in page asks for the address and e-mails a code.
 *
 * Language (docs/i18n.md): the invitation in the applicant's, the code in the one the family member's browser chose
 * on the sign-in page. In Spanish the English follows below: the reader may not be the one who reads Spanish.
 */
export const FAMILY_INVITATION_SUBJECT = 'You are invited to follow an application to the university';
export const FAMILY_CODE_SUBJECT = 'Your sign-in code for family access';

/** The paragraphs in the mail's language, and in Spanish the English after them. */
function bilingual(lang: Lang, paragraphs: (t: Translate) => string[]): string[] {
  return lang === 'es' ? [...paragraphs(mailTranslator('es')), '—', ...paragraphs(english)] : paragraphs(english);
}

export function familyInvitationMail(
  config: Config,
  input: { to: string; memberName: string; applicantName: string; lang?: Lang },
): MailMessage {
  const lang = input.lang ?? 'en';
  return message(
    config,
    input.to,
    mailTranslator(lang)(FAMILY_INVITATION_SUBJECT),
    bilingual(lang, (t) => [
      t('Hello {{name}},', { name: inertText(input.memberName) }),
      t(
        'An applicant who gave their name as {{applicant}} has given you access to the status of their application to our university: their checklist and, once it is released, their admission decision. You will not see their answers or documents.',
        { applicant: quoted(input.applicantName) },
      ),
      t('To sign in, open the page below and enter this e-mail address. We then e-mail you a one-time code; no password is needed.'),
      `${config.publicUrl}/family/sign-in`,
      t('If you do not know this person, you can ignore this e-mail. The applicant can remove your access at any time.'),
    ]),
    randomUUID(),
    'family-invitation',
    lang,
  );
}

export function familyCodeMail(config: Config, to: string, code: string, lang: Lang = 'en'): MailMessage {
  return message(
    config,
    to,
    mailTranslator(lang)(FAMILY_CODE_SUBJECT),
    bilingual(lang, (t) => [
      t('Your sign-in code is: {{code}}', { code }),
      t('Enter it on the family sign-in page. It works once and expires in {{minutes}} minutes.', { minutes: FAMILY_CODE_MINUTES }),
      t('If you did not ask for a code, you can ignore this e-mail: nobody can sign in without it.'),
    ]),
    randomUUID(),
    'family-code',
    lang,
  );
}
