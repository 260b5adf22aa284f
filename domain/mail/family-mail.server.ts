import { randomUUID } from 'node:crypto';
import type { Config } from '../../platform/config.server.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';
import { message } from './after-submission-mail.server.js';
import { inertText, quoted } from './inert-text.js';
import { FAMILY_CODE_MINUTES } from '../../contracts/family.js';

/**
 * Family access e-mails (issue 39). Both go to someone other than the applicant, so their subjects are fixed and
 * what the applicant typed (the names) appears only in the body, quoted and inert (domain/mail/inert-text.ts). Neither
 * carries a link that signs anyone in: the sign-in page asks for the address and e-mails a code.
 */
export const FAMILY_INVITATION_SUBJECT = 'You are invited to follow an application to the university';
export const FAMILY_CODE_SUBJECT = 'Your sign-in code for family access';

export function familyInvitationMail(config: Config, input: { to: string; memberName: string; applicantName: string }): MailMessage {
  return message(
    config,
    input.to,
    FAMILY_INVITATION_SUBJECT,
    [
      `Hello ${inertText(input.memberName)},`,
      `An applicant who gave their name as ${quoted(input.applicantName)} has given you access to the status of their application to our university: their checklist and, once it is released, their admission decision. You will not see their answers or documents.`,
      'To sign in, open the page below and enter this e-mail address. We then e-mail you a one-time code; no password is needed.',
      `${config.publicUrl}/family/sign-in`,
      'If you do not know this person, you can ignore this e-mail. The applicant can remove your access at any time.',
    ],
    randomUUID(),
    'family-invitation',
  );
}

export function familyCodeMail(config: Config, to: string, code: string): MailMessage {
  return message(
    config,
    to,
    FAMILY_CODE_SUBJECT,
    [
      `Your sign-in code is: ${code}`,
      `Enter it on the family sign-in page. It works once and expires in ${FAMILY_CODE_MINUTES} minutes.`,
      'If you did not ask for a code, you can ignore this e-mail: nobody can sign in without it.',
    ],
    randomUUID(),
    'family-code',
  );
}
